/**
 * A paddle's names as every form checks them: required, trimmed, at most the paddle's name limit. Its own small
 * module (browser-safe, zod/mini) so the counter's sales (./counter-sale) carry the nickname rule without the whole
 * paddle form of ./paddle-input, which imports it (the storefront invoice's bundle, `test/infra/bundling.test.ts`).
 */
import * as z from "zod/mini";
import { NICKNAME_REQUIRED, PADDLE_TEXT_LIMITS } from "./paddles";

/** A required name field: `message` when empty, at most the paddle's name limit. */
export const requiredPaddleName = (message: string, label: string) =>
  z.string({ error: message }).check(z.trim(), z.minLength(1, message), z.maxLength(PADDLE_TEXT_LIMITS.name, `${label} must be at most ${PADDLE_TEXT_LIMITS.name} characters`));

/** A paddle's nickname: required, at most 60 characters (also a counter sale's new paddle, ./counter-sale). */
export const PaddleNickname = requiredPaddleName(NICKNAME_REQUIRED, "Nickname");
