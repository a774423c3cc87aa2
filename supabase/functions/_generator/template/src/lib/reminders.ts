// Reminders at one or more times a day, every day, on given weekdays or on given days of each month, as local notifications scheduled on the device (expo-notifications): no server, no push
// token. The web has no scheduled notifications, so there the reminders are kept but never fire.
import * as Notifications from "expo-notifications";
import { Platform } from "react-native";
import { spec } from "../spec";
import { formatTime, parseTime } from "./format";

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
  /** [hour, minute] pairs. */
  times: [number, number][];
  /** ISO weekdays (1 Monday … 7 Sunday); empty: every day. */
  weekdays: number[];
  /** Days of the month (1 … 31); any: monthly on them, whatever the weekdays. */
  monthDays: number[];
}

/** "08:00, 20:30" → [[8, 0], [20, 30]], sorted, without repeats; nothing readable is 09:00. */
export function parseTimes(text: string): [number, number][] {
  const parts = text.split(/[,;\s]+/).filter((part) => /^\d{1,2}:\d{2}$/.test(part));
  const times = [...new Set(parts.map((part) => formatTime(...parseTime(part))))].sort();
  return times.length > 0 ? times.map(parseTime) : [[9, 0]];
}

export function formatTimes(times: [number, number][]): string {
  return [...new Set(times.map(([hour, minute]) => formatTime(hour, minute)))].sort().join(", ");
}

/** "1,3,5" → [1, 3, 5]: the ISO weekdays named, in order; none (or nothing readable) is every day. */
export function parseWeekdays(text: string): number[] {
  const days = text.split(/[,;\s]+/).map(Number).filter((day) => Number.isInteger(day) && day >= 1 && day <= 7);
  return [...new Set(days)].sort();
}

/** "1, 15" → [1, 15]: the days of the month named, in order; a month without that day (the 31st in April)
 * has no reminder. */
export function parseMonthDays(text: string): number[] {
  const days = text.split(/[,;\s]+/).map(Number).filter((day) => Number.isInteger(day) && day >= 1 && day <= 31);
  return [...new Set(days)].sort((a, b) => a - b);
}

/**
 * Replaces the app's scheduled notifications with one a day, one a week on each of its weekdays, or one a
 * month on each of its days of the month, for each time of each reminder that is on. Resolves to whether
 * they are scheduled: false on the web and when the user refused notifications.
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
    for (const [hour, minute] of reminder.times) {
      const content = { title: spec.name, body: reminder.title };
      for (const day of reminder.monthDays) {
        await Notifications.scheduleNotificationAsync({
          content,
          trigger: { type: Notifications.SchedulableTriggerInputTypes.MONTHLY, day, hour, minute, channelId: "reminders" },
        });
      }
      if (reminder.monthDays.length > 0) continue;
      if (reminder.weekdays.length === 0) {
        await Notifications.scheduleNotificationAsync({
          content,
          trigger: { type: Notifications.SchedulableTriggerInputTypes.DAILY, hour, minute, channelId: "reminders" },
        });
      }
      for (const day of reminder.weekdays) {
        await Notifications.scheduleNotificationAsync({
          content,
          // The notifications' weekdays run from 1, Sunday, to 7, Saturday.
          trigger: {
            type: Notifications.SchedulableTriggerInputTypes.WEEKLY,
            weekday: (day % 7) + 1,
            hour,
            minute,
            channelId: "reminders",
          },
        });
      }
    }
  }
  return true;
}
