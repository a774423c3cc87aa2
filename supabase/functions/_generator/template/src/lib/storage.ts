// Persistent state: values live in AsyncStorage under the app's slug, so the user's data survives restarts.
// Screens that use the same key share one value and see each other's changes at once.
import AsyncStorage from "@react-native-async-storage/async-storage";
import { useEffect, useState } from "react";
import { spec } from "../spec";

type Listener = (value: unknown) => void;

const cache = new Map<string, unknown>();
const listeners = new Map<string, Set<Listener>>();
const initials = new Map<string, unknown>();
const PREFIX = `${spec.name}:`;

function publish(key: string, value: unknown) {
  cache.set(key, value);
  for (const listener of listeners.get(key) ?? []) listener(value);
}

export function usePersistentState<T>(key: string, initial: T): [T, (update: T | ((current: T) => T)) => void] {
  if (!initials.has(key)) initials.set(key, initial);
  const [value, setValue] = useState<T>(() => (cache.has(key) ? (cache.get(key) as T) : initial));

  useEffect(() => {
    const listener: Listener = (next) => setValue(next as T);
    const set = listeners.get(key) ?? new Set<Listener>();
    set.add(listener);
    listeners.set(key, set);
    if (!cache.has(key)) {
      AsyncStorage.getItem(PREFIX + key)
        .then((stored) => {
          if (cache.has(key)) return;
          publish(key, stored === null ? initial : (JSON.parse(stored) as T));
        })
        .catch(() => publish(key, initial));
    }
    return () => {
      set.delete(listener);
    };
    // The initial value only matters the first time a key is read.
  }, [key]);

  const update = (next: T | ((current: T) => T)) => {
    const current = (cache.has(key) ? cache.get(key) : initial) as T;
    const resolved = typeof next === "function" ? (next as (current: T) => T)(current) : next;
    publish(key, resolved);
    AsyncStorage.setItem(PREFIX + key, JSON.stringify(resolved)).catch(() => {});
  };

  return [value, update];
}

/** Forgets everything the app stored; screens fall back to their sample data. */
export async function clearStoredData() {
  const keys = (await AsyncStorage.getAllKeys()).filter((key) => key.startsWith(PREFIX));
  await AsyncStorage.multiRemove(keys);
  for (const [key, initial] of initials) publish(key, initial);
}

export function newId(): string {
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}
