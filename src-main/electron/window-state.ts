/**
 * The window's size and position, remembered between launches (issue 15) in `window-state.json` in the data folder,
 * and brought back on screen when the monitor it was on is gone. The arithmetic is pure (tested in
 * window-state.test.ts); `rememberWindowState` wires it to a BrowserWindow and Electron's `screen`.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { BrowserWindow, Screen } from 'electron';

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}
export interface WindowState {
  bounds: Rect;
  maximized: boolean;
}

export const WINDOW_STATE_FILE = 'window-state.json';
export const DEFAULT_SIZE = { width: 1200, height: 820 };
export const MIN_SIZE = { width: 800, height: 600 };
/** How much of the window (each way) must lie on one display's work area to count as "on screen". */
const MIN_VISIBLE = 100;

const isInt = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n) && Math.abs(n) < 1e6;

/** The saved state, or null when the file is missing, damaged or from someone's hand edit gone wrong. */
export function parseWindowState(text: string | null): WindowState | null {
  if (!text) return null;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  const b = (data as { bounds?: Partial<Rect> } | null)?.bounds;
  if (!b || !isInt(b.x) || !isInt(b.y) || !isInt(b.width) || !isInt(b.height) || b.width <= 0 || b.height <= 0) return null;
  return {
    bounds: { x: Math.round(b.x), y: Math.round(b.y), width: Math.round(b.width), height: Math.round(b.height) },
    maximized: (data as { maximized?: unknown }).maximized === true,
  };
}

function overlap(a: Rect, b: Rect): { width: number; height: number } {
  return {
    width: Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x),
    height: Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y),
  };
}

/** A size that fits the work area (never below the window's minimum unless the screen itself is smaller). */
function fit(size: { width: number; height: number }, area: Rect) {
  return {
    width: Math.min(Math.max(size.width, MIN_SIZE.width), area.width),
    height: Math.min(Math.max(size.height, MIN_SIZE.height), area.height),
  };
}

function centred(size: { width: number; height: number }, area: Rect): Rect {
  const s = fit(size, area);
  return { x: Math.round(area.x + (area.width - s.width) / 2), y: Math.round(area.y + (area.height - s.height) / 2), ...s };
}

/**
 * Where to open the window: the saved bounds when enough of them (at least 100 px each way, the title bar's row
 * included) lies on one of today's displays, shrunk to fit that display; otherwise centred on the primary display
 * with the saved (or default) size. No saved state: the default size, centred.
 */
export function placeWindow(saved: WindowState | null, workAreas: readonly Rect[], primary: Rect): WindowState {
  if (!saved) return { bounds: centred(DEFAULT_SIZE, primary), maximized: false };
  const b = saved.bounds;
  const home = workAreas.find((area) => {
    const o = overlap(b, area);
    // The top edge (where the title bar is) must be on the display, or the window cannot be dragged back.
    return o.width >= Math.min(MIN_VISIBLE, b.width) && o.height >= Math.min(MIN_VISIBLE, b.height) && b.y >= area.y && b.y < area.y + area.height;
  });
  if (!home) return { bounds: centred(b, primary), maximized: saved.maximized };
  const s = fit(b, home);
  // Pull it fully inside the display when it was shrunk or hung over an edge.
  const x = Math.min(Math.max(b.x, home.x), home.x + home.width - s.width);
  const y = Math.min(Math.max(b.y, home.y), home.y + home.height - s.height);
  return { bounds: { x, y, ...s }, maximized: saved.maximized };
}

export function readWindowState(dataDir: string): WindowState | null {
  try {
    return parseWindowState(fs.readFileSync(path.join(dataDir, WINDOW_STATE_FILE), 'utf8'));
  } catch {
    return null;
  }
}

/** Written beside and renamed, so a crash mid-write never leaves half a file. */
export function writeWindowState(dataDir: string, state: WindowState): void {
  const file = path.join(dataDir, WINDOW_STATE_FILE);
  fs.writeFileSync(`${file}.tmp`, `${JSON.stringify(state)}\n`);
  fs.renameSync(`${file}.tmp`, file);
}

/** The window options to open with, from what was saved and today's displays. */
export function initialWindowState(dataDir: string, screen: Pick<Screen, 'getAllDisplays' | 'getPrimaryDisplay'>): WindowState {
  return placeWindow(
    readWindowState(dataDir),
    screen.getAllDisplays().map((d) => d.workArea),
    screen.getPrimaryDisplay().workArea,
  );
}

/**
 * Save the window's normal (not maximized) bounds and whether it is maximized: a second after the last resize or
 * move, and when it closes. A failed write (read-only disk) is logged and forgotten; it never troubles the organiser.
 */
export function rememberWindowState(win: BrowserWindow, dataDir: string, log: (message: string) => void, delayMs = 1000): void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const save = () => {
    clearTimeout(timer);
    timer = undefined;
    if (win.isDestroyed()) return;
    try {
      writeWindowState(dataDir, { bounds: win.getNormalBounds(), maximized: win.isMaximized() });
    } catch (e) {
      log(`Could not remember the window's size and position: ${(e as Error).message}`);
    }
  };
  const later = () => {
    clearTimeout(timer);
    timer = setTimeout(save, delayMs);
  };
  for (const event of ['resize', 'move', 'maximize', 'unmaximize'] as const) win.on(event as 'resize', later);
  win.on('close', save);
}

/** When a monitor is unplugged (or the layout changes) while Herald runs, bring the window back onto a display. */
export function keepOnScreen(win: BrowserWindow, screen: Pick<Screen, 'getAllDisplays' | 'getPrimaryDisplay' | 'on' | 'removeListener'>): void {
  const check = () => {
    if (win.isDestroyed() || win.isMaximized() || win.isFullScreen()) return;
    const now = win.getBounds();
    const placed = placeWindow(
      { bounds: now, maximized: false },
      screen.getAllDisplays().map((d) => d.workArea),
      screen.getPrimaryDisplay().workArea,
    );
    const b = placed.bounds;
    if (b.x !== now.x || b.y !== now.y || b.width !== now.width || b.height !== now.height) win.setBounds(b);
  };
  screen.on('display-removed', check);
  screen.on('display-metrics-changed', check);
  win.once('closed', () => {
    screen.removeListener('display-removed', check);
    screen.removeListener('display-metrics-changed', check);
  });
}
