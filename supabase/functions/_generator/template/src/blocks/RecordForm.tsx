// One record of a collection: every field of the entity as an input (a computed one shown, worked out as the
// others are typed), saved into the persisted list.
import { Stack, useRouter } from "expo-router";
import { useState } from "react";
import * as ImagePicker from "expo-image-picker";
import { Image, Platform, Switch, Text } from "react-native";
import { ChoiceInput } from "../components/choice";
import { Body, Button, Card, Chip, Input, Row, Screen } from "../components/ui";
import { trimChoices } from "../lib/choices";
import { WEEKDAYS, weekdayName } from "../lib/format";
import { withComputed } from "../lib/formula";
import { displayValue, emptyValue, titleField, useRecords } from "../lib/records";
import { newId } from "../lib/storage";
import { t } from "../lib/strings";
import { useTheme } from "../lib/theme";
import { entityOf, type FieldSpec, type RecordData, screenOf, type Value } from "../spec";

export function RecordForm({ screenKey, id }: { screenKey: string; id: string }) {
  const screen = screenOf(screenKey);
  const entity = entityOf(screen);
  const theme = useTheme();
  const router = useRouter();
  const [records, setRecords] = useRecords(entity);
  const existing = records.find((record) => record.id === id);
  const [draft, setDraft] = useState<RecordData>(
    () => existing ?? { id: newId(), ...Object.fromEntries(entity.fields.map((f) => [f.key, emptyValue(f)])) },
  );
  const [problem, setProblem] = useState("");
  const title = titleField(entity);

  const set = (field: FieldSpec, value: Value) => setDraft((current) => ({ ...current, [field.key]: value }));

  const save = () => {
    // A log's entries are events named by their time; anything else needs its name.
    if (screen.block !== "log" && String(draft[title.key] ?? "").trim() === "") {
      setProblem(t.required);
      return;
    }
    const record = trimChoices(entity.fields, draft);
    setRecords((current) =>
      existing ? current.map((other) => (other.id === record.id ? record : other)) : [record, ...current]
    );
    router.back();
  };

  const remove = () => {
    setRecords((current) => current.filter((record) => record.id !== id));
    router.back();
  };

  return (
    <Screen>
      <Stack.Screen options={{ title: existing ? String(existing[title.key]) : `${t.newItem}: ${entity.label}` }} />
      {entity.fields.map((field) => (
        <Card key={field.key}>
          <Text style={{ color: theme.muted }}>{field.label}</Text>
          {field.formula ? (
            <Text style={{ color: theme.text }}>{displayValue(field, withComputed(entity.fields, draft)[field.key])}</Text>
          ) : (
            <FieldInput
              field={field}
              value={draft[field.key]}
              records={records}
              onChange={(value) => set(field, value)}
            />
          )}
        </Card>
      ))}
      {problem ? <Body>{problem}</Body> : null}
      <Button label={t.save} onPress={save} />
      {existing ? <Button label={t.delete} variant="danger" onPress={remove} /> : null}
    </Screen>
  );
}

function FieldInput({ field, value, records, onChange }: {
  field: FieldSpec;
  value: Value | undefined;
  records: RecordData[];
  onChange: (v: Value) => void;
}) {
  switch (field.type) {
    case "check":
      return <Switch value={Boolean(value)} onValueChange={onChange} accessibilityLabel={field.label} />;
    case "choice":
      return <ChoiceInput field={field} records={records} value={value} onChange={onChange} />;
    case "rating":
      return (
        <Row>
          {[1, 2, 3, 4, 5].map((stars) => (
            <Chip key={stars} label={"★".repeat(stars)} active={value === stars} onPress={() => onChange(stars)} />
          ))}
        </Row>
      );
    case "photo":
      return <PhotoInput label={field.label} uri={value ? String(value) : ""} onChange={onChange} />;
    case "weekday":
      return (
        <Row>
          {WEEKDAYS.map((day) => (
            <Chip key={day} label={weekdayName(day, "short")} active={value === day} onPress={() => onChange(day)} />
          ))}
        </Row>
      );
    case "number":
    case "money":
    case "duration":
      return (
        <Input
          accessibilityLabel={field.label}
          keyboardType="decimal-pad"
          value={value === undefined ? "" : String(value)}
          onChangeText={(text) => onChange(Number(text.replace(",", ".")) || 0)}
        />
      );
    default:
      return (
        <Input
          accessibilityLabel={field.label}
          multiline={field.type === "longtext"}
          placeholder={field.type === "date" ? "YYYY-MM-DD" : field.type === "time" ? "HH:MM" : field.label}
          value={value === undefined ? "" : String(value)}
          onChangeText={onChange}
        />
      );
  }
}

/**
 * A picture from the camera or the library, kept as a file URI on the phone and a data URL in the browser,
 * shrunk so a list of records stays small in storage.
 */
function PhotoInput({ label, uri, onChange }: { label: string; uri: string; onChange: (v: Value) => void }) {
  const pick = async (camera: boolean) => {
    const allowed = camera
      ? (await ImagePicker.requestCameraPermissionsAsync()).granted
      : (await ImagePicker.requestMediaLibraryPermissionsAsync()).granted;
    if (!allowed) return;
    // A browser's picture is a blob: URL that dies with the page, so it is kept as a data URL instead.
    const web = Platform.OS === "web";
    const options: ImagePicker.ImagePickerOptions = { mediaTypes: ["images"], allowsEditing: true, quality: 0.4, base64: web };
    const result = camera
      ? await ImagePicker.launchCameraAsync(options)
      : await ImagePicker.launchImageLibraryAsync(options);
    const asset = result.canceled ? undefined : result.assets[0];
    if (!asset) return;
    onChange(web && asset.base64 ? `data:${asset.mimeType ?? "image/jpeg"};base64,${asset.base64}` : asset.uri);
  };
  return (
    <>
      {uri ? <Image source={{ uri }} style={{ borderRadius: 8, height: 160, width: "100%" }} accessibilityLabel={label} /> : null}
      <Row>
        <Button label={t.takePhoto} variant="secondary" onPress={() => pick(true)} />
        <Button label={t.choosePhoto} variant="secondary" onPress={() => pick(false)} />
        {uri ? <Button label={t.removePhoto} variant="danger" onPress={() => onChange("")} /> : null}
      </Row>
    </>
  );
}
