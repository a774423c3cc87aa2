// Upstream credentials (OAuth tokens of users' GitHub and database-host accounts) are stored sealed with
// AES-256-GCM. The row a value belongs to is bound in as additional authenticated data, so a sealed value
// copied into another row does not open there; the key id travels with every value, so a new key can take
// over sealing while values sealed under the old one still open.
//
// Sealed format: `v1.<key id>.<base64url IV>.<base64url ciphertext and tag>`, with a random 12-byte IV.
import { base64url } from "jose";

export interface SecretBox {
  /** `context` names the value's place, e.g. `installation:123:ghu`; open needs the same one. */
  seal(plaintext: string, context: string): Promise<string>;
  /** Throws when the value was tampered with, sealed for another context, or under an unknown key. */
  open(sealed: string, context: string): Promise<string>;
}

const VERSION = "v1";
const IV_BYTES = 12;
const KEY_BYTES = 32;
// Dots separate the parts of a sealed value, so they cannot appear in a key id.
const KEY_ID = /^[A-Za-z0-9_-]{1,64}$/;

const encoder = new TextEncoder();

function decodeKey(id: string, encoded: string): Uint8Array<ArrayBuffer> {
  let raw: Uint8Array<ArrayBuffer>;
  try {
    raw = Uint8Array.from(atob(encoded.trim()), (c) => c.charCodeAt(0));
  } catch {
    raw = new Uint8Array(0);
  }
  // The message never carries the value: a wrong key is still key material.
  if (raw.length !== KEY_BYTES) throw new Error(`key "${id}" must be ${KEY_BYTES} bytes in base64`);
  return raw;
}

/** `keys` maps key ids to base64 32-byte keys; new values are sealed under `currentKeyId`. */
export function createSecretBox(keys: Record<string, string>, currentKeyId: string): SecretBox {
  const raw = new Map<string, Uint8Array<ArrayBuffer>>();
  for (const [id, encoded] of Object.entries(keys)) {
    if (!KEY_ID.test(id)) throw new Error(`key id "${id}" must be 1-64 letters, digits, "_" or "-"`);
    raw.set(id, decodeKey(id, encoded));
  }
  if (!raw.has(currentKeyId)) throw new Error(`the current key id "${currentKeyId}" names no key`);

  const imported = new Map<string, Promise<CryptoKey>>();
  const keyFor = (id: string): Promise<CryptoKey> => {
    const bytes = raw.get(id);
    if (!bytes) throw new Error(`sealed secret: key "${id}" is unknown`);
    let key = imported.get(id);
    if (!key) {
      key = crypto.subtle.importKey("raw", bytes, "AES-GCM", false, ["encrypt", "decrypt"]);
      imported.set(id, key);
    }
    return key;
  };

  return {
    async seal(plaintext, context) {
      const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
      const sealed = await crypto.subtle.encrypt(
        { name: "AES-GCM", iv, additionalData: encoder.encode(context) },
        await keyFor(currentKeyId),
        encoder.encode(plaintext),
      );
      return [VERSION, currentKeyId, base64url.encode(iv), base64url.encode(new Uint8Array(sealed))].join(
        ".",
      );
    },

    async open(sealed, context) {
      const parts = sealed.split(".");
      if (parts.length !== 4 || parts[0] !== VERSION) throw new Error("sealed secret: not a v1 value");
      const [, keyId, ivText, dataText] = parts;
      const key = await keyFor(keyId);
      let iv: Uint8Array;
      let data: Uint8Array;
      try {
        iv = base64url.decode(ivText);
        data = base64url.decode(dataText);
      } catch {
        throw new Error("sealed secret: malformed");
      }
      if (iv.length !== IV_BYTES) throw new Error("sealed secret: malformed");
      try {
        const plain = await crypto.subtle.decrypt(
          { name: "AES-GCM", iv: iv.slice(), additionalData: encoder.encode(context) },
          key,
          data.slice(),
        );
        return new TextDecoder().decode(plain);
      } catch {
        throw new Error("sealed secret: does not open (tampered with, or sealed for another context)");
      }
    },
  };
}

/**
 * The box the environment describes: `SECRETS_KEYS="k1:<base64>,k2:<base64>"` (32-byte keys, e.g. from
 * `openssl rand -base64 32`) and `SECRETS_CURRENT_KEY_ID=k2`. To rotate, add a key, make it current, and
 * drop the old one once nothing sealed under it remains.
 */
export function secretBoxFromEnv(env: Record<string, string | undefined>): SecretBox {
  const list = env.SECRETS_KEYS?.trim();
  if (!list) throw new Error("SECRETS_KEYS: required, as <id>:<base64 key>[,<id>:<base64 key>…]");
  const keys: Record<string, string> = {};
  for (const [index, entry] of list.split(",").entries()) {
    const colon = entry.indexOf(":");
    const id = entry.slice(0, colon).trim();
    if (colon < 0 || !id || !entry.slice(colon + 1).trim()) {
      throw new Error(`SECRETS_KEYS: entry ${index + 1} is not <id>:<base64 key>`);
    }
    if (Object.hasOwn(keys, id)) throw new Error(`SECRETS_KEYS: key id "${id}" appears twice`);
    keys[id] = entry.slice(colon + 1);
  }
  const current = env.SECRETS_CURRENT_KEY_ID?.trim();
  if (!current) throw new Error("SECRETS_CURRENT_KEY_ID: required, the id of the key that seals new values");
  if (!Object.hasOwn(keys, current)) {
    throw new Error(`SECRETS_CURRENT_KEY_ID: "${current}" names no key in SECRETS_KEYS`);
  }
  try {
    return createSecretBox(keys, current);
  } catch (err) {
    throw new Error(`SECRETS_KEYS: ${(err as Error).message}`);
  }
}
