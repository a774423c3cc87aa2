import { Tabs } from "expo-router";
import { Icon } from "../../components/ui";
import { useTheme } from "../../lib/theme";
import { spec } from "../../spec";

// The first screen of the spec is the tabs' index route; the others are named by their keys.
export default function TabsLayout() {
  const theme = useTheme();
  return (
    <Tabs
      screenOptions={{
        tabBarActiveTintColor: theme.accent,
        tabBarInactiveTintColor: theme.muted,
        tabBarStyle: { backgroundColor: theme.surface, borderTopColor: theme.border },
        sceneStyle: { backgroundColor: theme.background },
        headerStyle: { backgroundColor: theme.surface },
        headerTintColor: theme.text,
      }}
    >
      {spec.screens.map((screen, index) => (
        <Tabs.Screen
          key={screen.key}
          name={index === 0 ? "index" : screen.key}
          options={{
            title: screen.title,
            headerTitle: index === 0 ? spec.name : screen.title,
            tabBarIcon: ({ color, size }) => <Icon name={screen.icon} color={color} size={size} />,
          }}
        />
      ))}
    </Tabs>
  );
}
