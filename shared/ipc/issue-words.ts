/**
 * Zod's own messages ("Too big: expected number to be <=20", "Invalid input: expected string, received undefined")
 * and its paths ("roster.models.0.grenades.frag-assault") are for developers; no screen may show them. These turn an
 * issue into words a club organiser can read, never naming a path. Messages a schema sets itself ("Give the campaign
 * a name.") are kept: zod only asks an error map for the issues a schema left without one.
 *
 * Types only from zod, so the renderer can use this without loading zod.
 */
import type { z } from 'zod';

/** What a zod error map is given: the parts of an issue the words are made from. */
export type RawIssue = z.core.$ZodRawIssue;

const KIND: Record<string, string> = {
  number: 'a number',
  int: 'a whole number',
  string: 'text',
  boolean: 'yes or no',
  array: 'a list',
  object: 'a group of fields',
  record: 'a group of fields',
  date: 'a date',
};

const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const quoted = (values: readonly unknown[]) => values.map((v) => `“${String(v)}”`).join(', ');

/**
 * The short form, to follow a field's name: "Frag grenades on Brother Kaelen: at most 20".
 *
 * @example
 * issuePhrase({ code: 'too_big', origin: 'number', maximum: 20, inclusive: true, input: 25, path: [] }); // → 'at most 20'
 * issuePhrase({ code: 'invalid_type', expected: 'int', input: 2.5, path: [] }); // → 'a whole number, please'
 */
export function issuePhrase(issue: RawIssue): string {
  switch (issue.code) {
    case 'too_big': {
      const max = Number(issue.maximum);
      const bound = issue.inclusive === false ? `less than ${max}` : `at most ${max}`;
      if (issue.origin === 'string') return `${bound} characters`;
      if (issue.origin === 'array' || issue.origin === 'set') return `${bound} items`;
      return bound;
    }
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string') return min <= 1 ? 'cannot be empty' : `at least ${count(min, 'character')}`;
      if (issue.origin === 'array' || issue.origin === 'set') return min <= 1 ? 'give at least one' : `at least ${count(min, 'item')}`;
      if (min === 0 && issue.inclusive !== false) return 'cannot be negative';
      return issue.inclusive === false ? `more than ${min}` : `at least ${min}`;
    }
    case 'invalid_type': {
      const blank = issue.input === undefined || issue.input === null;
      // An emptied number field arrives as null (JSON has no NaN) or NaN.
      if ((blank && (issue.expected === 'number' || issue.expected === 'int')) || (typeof issue.input === 'number' && Number.isNaN(issue.input)))
        return 'give a number';
      if (blank) return 'missing';
      if (issue.expected === 'int') return 'a whole number, please';
      return `should be ${KIND[issue.expected] ?? 'something else'}`;
    }
    case 'not_multiple_of':
      return `a multiple of ${String(issue.divisor)}, please`;
    case 'invalid_format':
      if (issue.format === 'uuid' || issue.format === 'guid') return 'not a valid id';
      return 'not in the right form';
    case 'invalid_value':
      return issue.values.length === 1 ? `should be ${quoted(issue.values)}` : `choose one of ${quoted(issue.values)}`;
    case 'unrecognized_keys':
      return `Herald does not know ${issue.keys.length === 1 ? 'the field' : 'the fields'} ${quoted(issue.keys)}`;
    case 'invalid_union':
      return 'does not match any accepted form';
    case 'invalid_key':
    case 'invalid_element':
      return 'holds a value that is not valid';
    default:
      return 'not valid';
  }
}

/**
 * The sentence form, when no field name goes with it: "This number is too large: at most 20."
 *
 * @example
 * issueSentence({ code: 'too_small', origin: 'string', minimum: 1, inclusive: true, input: '', path: [] }); // → 'This cannot be empty.'
 */
export function issueSentence(issue: RawIssue): string {
  const phrase = issuePhrase(issue);
  switch (issue.code) {
    case 'too_big':
      return `${issue.origin === 'string' ? 'This text is too long' : issue.origin === 'array' || issue.origin === 'set' ? 'There are too many' : 'This number is too large'}: ${phrase}.`;
    case 'too_small':
      if (phrase === 'cannot be empty' || phrase === 'cannot be negative') return `This ${phrase}.`;
      if (phrase === 'give at least one') return 'Give at least one.';
      return `${issue.origin === 'string' ? 'This text is too short' : issue.origin === 'array' || issue.origin === 'set' ? 'There are too few' : 'This number is too small'}: ${phrase}.`;
    case 'invalid_type':
      if (phrase === 'missing') return 'Something required is missing.';
      if (phrase === 'give a number') return 'Give a number.';
      return `This ${phrase === 'a whole number, please' ? 'should be a whole number' : phrase}.`;
    case 'not_multiple_of':
      return `Use a multiple of ${String(issue.divisor)}.`;
    case 'invalid_format':
      return `This is ${phrase}.`;
    case 'invalid_value':
      return issue.values.length === 1 ? `This ${phrase}.` : `Choose one of ${quoted(issue.values)}.`;
    case 'unrecognized_keys':
      return `${phrase}.`;
    case 'invalid_union':
    case 'invalid_key':
    case 'invalid_element':
      return `This ${phrase}.`;
    default:
      return 'This is not valid.';
  }
}

/** A zod error map giving sentences: `schema.safeParse(input, { error: wordsErrorMap })`. */
export const wordsErrorMap = (issue: RawIssue): string => issueSentence(issue);
/** A zod error map giving phrases, for messages made as "<field>: <phrase>.". */
export const phraseErrorMap = (issue: RawIssue): string => issuePhrase(issue);

/** One message for a list of problems: the first, and how many more. */
export function summaryOf(messages: readonly string[]): string {
  const [first] = messages;
  if (first === undefined) return 'Something is not valid.';
  const more = messages.length - 1;
  return more === 0 ? first : `${first} (and ${count(more, 'more problem')})`;
}
