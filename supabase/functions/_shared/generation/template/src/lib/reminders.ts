// Daily reminders as local notifications scheduled on the device (expo-notifications): no server, no push
// token. The web has no scheduled notifications, so there the reminders are kept but never fire.
import * as Notifications from "expo-notifications";
import { Platform } from "react-native";
import { spec } from "../spec";

export const remindersSupported = Platform.OS === "android" || Platform.OS === "ios";

if (remindersSupported) {
  Notifications.setNotificationHandler({
    handleNotification: async () => ({
      shouldShowBanner: true,
      shouldShowList: true,
      shouldPlaySound: true,
      shouldSetBadge: false,
    }),
  });
}

export interface Reminder {
  title: string;
  hour: number;
  minute: number;
}

/** "08:30" → [8, 30]; anything else is 09:00. */
export function parseTime(text: string): [number, number] {
  const match = /^(\d{1,2}):(\d{2})$/.exec(text.trim());
  const hour = match ? Number(match[1]) : 9;
  const minute = match ? Number(match[2]) : 0;
  return hour < 24 && minute < 60 ? [hour, minute] : [9, 0];
}

export function formatTime(hour: number, minute: number): string {
  return `${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}`;
}

/**
 * Replaces the app's scheduled notifications with one a day for each reminder that is on. Resolves to
 * whether they are scheduled: false on the web and when the user refused notifications.
 */
export async function scheduleReminders(reminders: Reminder[]): Promise<boolean> {
  if (!remindersSupported) return false;
  const permission = await Notifications.requestPermissionsAsync();
  if (!permission.granted) return false;
  if (Platform.OS === "android") {
    await Notifications.setNotificationChannelAsync("reminders", {
      name: spec.name,
      importance: Notifications.AndroidImportance.DEFAULT,
    });
  }
  await Notifications.cancelAllScheduledNotificationsAsync();
  for (const reminder of reminders) {
    await Notifications.scheduleNotificationAsync({
      content: { title: spec.name, body: reminder.title },
      trigger: {
        type: Notifications.SchedulableTriggerInputTypes.DAILY,
        hour: reminder.hour,
        minute: reminder.minute,
        channelId: "reminders",
      },
    });
  }
  return true;
}
