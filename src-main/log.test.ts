import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { captureProcessErrors, createFileLog } from './log';

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'herald-log-'));
const at = () => new Date('2026-03-01T20:15:00.000Z');

describe('createFileLog', () => {
  it('appends time-stamped messages to logs/herald.log in the data folder, indenting continuation lines', () => {
    const dir = tmp();
    const log = createFileLog(dir, { now: at });
    log.write('Herald could not start: disk full');
    log.write('Error: boom\nat x (y.ts:1)');
    expect(log.file).toBe(path.join(dir, 'logs', 'herald.log'));
    expect(fs.readFileSync(log.file, 'utf8')).toBe(
      '2026-03-01T20:15:00.000Z Herald could not start: disk full\n2026-03-01T20:15:00.000Z Error: boom\n    at x (y.ts:1)\n',
    );
  });

  it('rotates at the size limit, keeping three files in all, the newest messages in herald.log', () => {
    const dir = tmp();
    const log = createFileLog(dir, { now: at, maxBytes: 200 });
    for (let i = 1; i <= 40; i++) log.write(`message ${String(i).padStart(3, '0')} ${'x'.repeat(40)}`);
    const files = fs
      .readdirSync(path.join(dir, 'logs'))
      .filter((f) => f.startsWith('herald.log'))
      .sort();
    expect(files).toEqual(['herald.log', 'herald.log.1', 'herald.log.2']);
    // The errors file (these messages are not routine, so it holds them too) rotates the same way, on its own.
    expect(fs.readdirSync(path.join(dir, 'logs')).filter((f) => f.startsWith('herald-errors.log')).length).toBe(3);
    for (const f of files) expect(fs.statSync(path.join(dir, 'logs', f)).size).toBeLessThanOrEqual(200);
    const read = (f: string) => fs.readFileSync(path.join(dir, 'logs', f), 'utf8');
    expect(read('herald.log')).toContain('message 040');
    expect(read('herald.log.1')).not.toContain('message 040');
    // Nothing lost between the kept files: the newest three files hold consecutive messages.
    const numbers = ['herald.log.2', 'herald.log.1', 'herald.log'].flatMap((f) => [...read(f).matchAll(/message (\d+)/g)].map((m) => Number(m[1])));
    expect(numbers).toEqual(numbers.map((_, i) => numbers[0]! + i));
    expect(numbers.at(-1)).toBe(40);
  });

  it('continues an existing log after a restart, and rotates it when it is already full', () => {
    const dir = tmp();
    createFileLog(dir, { now: at, maxBytes: 100 }).write('first run '.repeat(8));
    const again = createFileLog(dir, { now: at, maxBytes: 100 });
    again.write('second run');
    expect(fs.readFileSync(again.file, 'utf8')).toContain('second run');
    expect(fs.readFileSync(`${again.file}.1`, 'utf8')).toContain('first run');
  });

  it('never throws when the log cannot be written (it says so once on the terminal)', () => {
    const dir = tmp();
    fs.writeFileSync(path.join(dir, 'logs'), 'a file where the folder should be');
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      const log = createFileLog(dir);
      expect(() => {
        log.write('one');
        log.write('two');
      }).not.toThrow();
      expect(stderr).toHaveBeenCalledTimes(1);
      expect(String(stderr.mock.calls[0]![0])).toContain('could not write its log file');
    } finally {
      stderr.mockRestore();
    }
  });
});

describe('captureProcessErrors', () => {
  let undo = () => {};
  afterEach(() => undo());

  it('copies console.error to the log (still printing it) and logs uncaught exceptions through the monitor', () => {
    const dir = tmp();
    const log = createFileLog(dir, { now: at });
    const printed: unknown[][] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => printed.push(args);
    try {
      undo = captureProcessErrors(log);
      console.error('Could not back up: %s', 'disk full');
      (process.emit as (event: string, ...args: unknown[]) => boolean)('uncaughtExceptionMonitor', new Error('kaboom'), 'uncaughtException');
      undo();
      console.error('after undo');
    } finally {
      console.error = original;
    }
    expect(printed).toEqual([['Could not back up: %s', 'disk full'], ['after undo']]);
    const text = fs.readFileSync(log.file, 'utf8');
    expect(text).toContain('Could not back up: disk full');
    expect(text).toContain('Uncaught exception: Error: kaboom');
    expect(text).not.toContain('after undo');
  });
});

describe('the errors file (issue 28)', () => {
  it('keeps errors that a flood of refusal lines rotates out of herald.log', () => {
    const dir = tmp();
    const log = createFileLog(dir, { now: at, maxBytes: 2_000 });
    log.write('Error on backups.create: SQLITE_IOERR');
    log.write('Browser mode refused a request (500, Error: boom): GET "/"');
    for (let i = 0; i < 500; i++) {
      log.write(`${(1204 + i).toLocaleString('en-GB')} refused phone requests in the last minute, from 3 addresses (too many requests: 1,204).`);
      log.write('Browser mode refused a request (400, not a request target Herald serves): GET "/%00"');
    }
    const allFiles = ['herald.log', 'herald.log.1', 'herald.log.2'].map((f) => fs.readFileSync(path.join(dir, 'logs', f), 'utf8')).join('');
    expect(allFiles).not.toContain('SQLITE_IOERR');
    expect(log.errorsFile).toBe(path.join(dir, 'logs', 'herald-errors.log'));
    expect(fs.readFileSync(log.errorsFile, 'utf8')).toBe(
      '2026-03-01T20:15:00.000Z Error on backups.create: SQLITE_IOERR\n2026-03-01T20:15:00.000Z Browser mode refused a request (500, Error: boom): GET "/"\n',
    );
  });
});
