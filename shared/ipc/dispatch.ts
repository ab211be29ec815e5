/**
 * dispatch(): the Electron-free heart of IPC. Both transports (Electron's ipcMain and the browser-mode HTTP bridge)
 * call it with an untrusted channel name and an untrusted input. It parses the input with the channel's zod schema,
 * runs the handler, checks the output, and always returns a Result: it never throws.
 */
import type { z } from 'zod';
import { channels, isChannelName, type ChannelName, type ChannelOutput, type ChannelParsedInput } from './contract';
import { summaryOf, wordsErrorMap } from './issue-words';
import { AppError, err, ok, type FieldIssue, type Result } from './result';

export type Handler<C extends ChannelName, Ctx> = (input: ChannelParsedInput<C>, ctx: Ctx) => ChannelOutput<C> | Promise<ChannelOutput<C>>;

/** Every channel must have a handler: the type makes a missing one a compile error. */
export type Handlers<Ctx> = { [C in ChannelName]: Handler<C, Ctx> };

/**
 * Every channel of one prefix (`campaigns`, `teams`, …), and only those: each file of src-main/handlers/ holds one
 * prefix whole (issue 32), so a channel of that prefix left out, or one of another, is a compile error there.
 */
export type PrefixHandlers<P extends string, Ctx> = { [C in ChannelName as C extends `${P}.${string}` ? C : never]: Handler<C, Ctx> };

export interface DispatchOptions {
  /** Turns a thrown non-AppError (a SQLite error, say) into a typed AppError; undefined means "a bug". */
  classifyError?: (e: unknown) => AppError | undefined;
  /** Where bugs are reported (the main process log). */
  logError?: (channel: string, e: unknown) => void;
}

/**
 * The issues of a failed parse, each with its path (for a form to put the message next to its field) and a message
 * in words. Parse with `{ error: wordsErrorMap }` so zod's own messages are words too; the path is never shown.
 */
export function zodIssues(error: z.ZodError): FieldIssue[] {
  return error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));
}

/** A channel name for a message: never converts an object (its toString may throw or recurse). */
function channelWords(channel: unknown): string {
  if (typeof channel === 'string') return JSON.stringify(channel.slice(0, 80));
  return channel === null ? 'null' : `of type ${typeof channel}`;
}

/** Calls a reporting hook; a hook that throws must not make dispatch() throw. */
function quietly(fn: () => void) {
  try {
    fn();
  } catch {
    // Nothing more can be done: the caller still gets its Result.
  }
}

/**
 * Runs one request. Never throws, whatever it is given (issue 16): a channel that is not a string, input nested too
 * deeply for the stack, getters that throw or hooks that fail all come back as a Result.
 */
export async function dispatch<Ctx>(
  handlers: Handlers<Ctx>,
  ctx: Ctx,
  channel: unknown,
  input: unknown,
  options: DispatchOptions = {},
): Promise<Result<unknown>> {
  try {
    return await dispatchUnsafe(handlers, ctx, channel, input, options);
  } catch (e) {
    // Only reached when the input itself broke parsing or a hook failed (the handler's own errors are caught below).
    quietly(() => options.logError?.(typeof channel === 'string' ? channel.slice(0, 80) : '(not a channel)', e));
    return err({ code: 'INVALID_INPUT', message: 'The request could not be read: it is not something Herald sends.' });
  }
}

/**
 * Answers a handler keeps and gives again unchanged (db/state-memo.ts), with their checked form. Only those: other
 * answers may be live objects that change between calls (the app's info, during a recovery).
 */
const keptAnswers = new WeakSet<object>();
const checkedAnswers = new WeakMap<object, unknown>();

/** Say that `value` is kept and never changed: dispatch then checks it once, not each time it is given. */
export function markKept<T>(value: T): T {
  if (typeof value === 'object' && value !== null) keptAnswers.add(value);
  return value;
}

async function dispatchUnsafe<Ctx>(handlers: Handlers<Ctx>, ctx: Ctx, channel: unknown, input: unknown, options: DispatchOptions): Promise<Result<unknown>> {
  if (!isChannelName(channel)) {
    return err({ code: 'UNKNOWN_CHANNEL', message: `There is no channel named ${channelWords(channel)}.` });
  }
  const spec = channels[channel];
  const parsed = spec.input.safeParse(input === undefined ? {} : input, { error: wordsErrorMap });
  if (!parsed.success) {
    // The message is words only: a path like "roster.models.0.grenades" never reaches a screen (issue 17).
    const issues = zodIssues(parsed.error);
    return err({ code: 'INVALID_INPUT', message: summaryOf(issues.map((i) => i.message)), issues });
  }
  try {
    const handler = handlers[channel] as (i: unknown, c: Ctx) => unknown;
    const value = await handler(parsed.data, ctx);
    // An answer kept since it was last given (markKept: src-main/db/state-memo.ts) was checked then: not again.
    const kept = typeof value === 'object' && value !== null && keptAnswers.has(value);
    if (kept && checkedAnswers.has(value)) return ok(checkedAnswers.get(value));
    const out = spec.output.safeParse(value);
    if (!out.success) {
      quietly(() => options.logError?.(channel, out.error));
      return err({ code: 'INTERNAL', message: `Herald produced an answer it could not check on ${channel}. Please report this.` });
    }
    if (kept) checkedAnswers.set(value, out.data);
    return ok(out.data);
  } catch (e) {
    if (e instanceof AppError) return err(e.toData());
    let classified: AppError | undefined;
    quietly(() => (classified = options.classifyError?.(e)));
    if (classified) return err(classified.toData());
    quietly(() => options.logError?.(channel, e));
    return err({ code: 'INTERNAL', message: `Something went wrong in ${channel}; nothing was saved. Please report this.` });
  }
}
