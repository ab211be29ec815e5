import type { BrowserWindow, Screen } from 'electron';
import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_SIZE, keepOnScreen, parseWindowState, placeWindow, readWindowState, rememberWindowState, writeWindowState, type Rect } from './window-state';

const laptop: Rect = { x: 0, y: 0, width: 1920, height: 1050 };
const rightMonitor: Rect = { x: 1920, y: 0, width: 2560, height: 1410 };

describe('placeWindow', () => {
  it('opens at the default size, centred on the primary display, the first time', () => {
    expect(placeWindow(null, [laptop], laptop)).toEqual({
      bounds: { x: (1920 - DEFAULT_SIZE.width) / 2, y: (1050 - DEFAULT_SIZE.height) / 2, ...DEFAULT_SIZE },
      maximized: false,
    });
  });

  it('keeps saved bounds that are on a display, on whichever display they are', () => {
    const onRight = { bounds: { x: 2100, y: 80, width: 1400, height: 900 }, maximized: false };
    expect(placeWindow(onRight, [laptop, rightMonitor], laptop)).toEqual(onRight);
    const onLaptop = { bounds: { x: 10, y: 20, width: 1000, height: 700 }, maximized: true };
    expect(placeWindow(onLaptop, [laptop, rightMonitor], laptop)).toEqual(onLaptop);
  });

  it('centres the window on the primary display when its monitor is gone, keeping its size', () => {
    const onRight = { bounds: { x: 2100, y: 80, width: 1400, height: 900 }, maximized: false };
    expect(placeWindow(onRight, [laptop], laptop)).toEqual({ bounds: { x: 260, y: 75, width: 1400, height: 900 }, maximized: false });
  });

  it('moves back a window that only a sliver of, or only its bottom, is on screen', () => {
    const sliver = { bounds: { x: 1880, y: 100, width: 1000, height: 700 }, maximized: false };
    expect(placeWindow(sliver, [laptop], laptop).bounds).toEqual({ x: 460, y: 175, width: 1000, height: 700 });
    const titleBarAbove = { bounds: { x: 100, y: -500, width: 1000, height: 700 }, maximized: false };
    expect(placeWindow(titleBarAbove, [laptop], laptop).bounds).toEqual({ x: 460, y: 175, width: 1000, height: 700 });
  });

  it('pulls a window that hangs over the edge inside, and shrinks one larger than a smaller new screen', () => {
    const over = { bounds: { x: 1500, y: 500, width: 1000, height: 700 }, maximized: false };
    expect(placeWindow(over, [laptop], laptop).bounds).toEqual({ x: 920, y: 350, width: 1000, height: 700 });
    const small: Rect = { x: 0, y: 0, width: 1280, height: 720 };
    const big = { bounds: { x: 0, y: 0, width: 2400, height: 1300 }, maximized: false };
    expect(placeWindow(big, [small], small).bounds).toEqual({ x: 0, y: 0, width: 1280, height: 720 });
  });

  it('honours displays left of or above the primary (negative coordinates)', () => {
    const leftMonitor: Rect = { x: -1920, y: -200, width: 1920, height: 1080 };
    const there = { bounds: { x: -1800, y: -100, width: 1200, height: 800 }, maximized: false };
    expect(placeWindow(there, [laptop, leftMonitor], laptop)).toEqual(there);
  });
});

describe('parseWindowState', () => {
  it('reads what was written, and nothing from damaged or odd files', () => {
    expect(parseWindowState('{"bounds":{"x":1,"y":2,"width":900,"height":700},"maximized":true}')).toEqual({
      bounds: { x: 1, y: 2, width: 900, height: 700 },
      maximized: true,
    });
    for (const bad of [
      null,
      '',
      '{',
      'null',
      '[]',
      '{"bounds":{"x":"1","y":2,"width":900,"height":700}}',
      '{"bounds":{"x":1,"y":2,"width":0,"height":700}}',
      '{"bounds":{"x":1e308,"y":2,"width":900,"height":700}}',
    ]) {
      expect(parseWindowState(bad)).toBeNull();
    }
  });

  it('survives a round trip through the data folder, and a missing folder reads as nothing saved', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'herald-window-'));
    const state = { bounds: { x: -5, y: 40, width: 1300, height: 860 }, maximized: false };
    writeWindowState(dir, state);
    expect(readWindowState(dir)).toEqual(state);
    expect(fs.readdirSync(dir)).toEqual(['window-state.json']);
    expect(readWindowState(path.join(dir, 'nowhere'))).toBeNull();
  });
});

describe('keepOnScreen and rememberWindowState, on a stand-in window and screen', () => {
  class FakeWindow extends EventEmitter {
    bounds: Rect = { x: 2100, y: 80, width: 1400, height: 900 };
    maximized = false;
    isDestroyed = () => false;
    isMaximized = () => this.maximized;
    isFullScreen = () => false;
    getBounds = () => ({ ...this.bounds });
    getNormalBounds = () => ({ ...this.bounds });
    setBounds(b: Rect) {
      this.bounds = b;
    }
  }
  const display = (workArea: Rect) => ({ workArea });

  it('brings the window back when its monitor is unplugged while Herald runs', () => {
    const win = new FakeWindow();
    let displays = [display(laptop), display(rightMonitor)];
    const screen = Object.assign(new EventEmitter(), { getAllDisplays: () => displays, getPrimaryDisplay: () => displays[0]! });
    keepOnScreen(win as unknown as BrowserWindow, screen as unknown as Screen);
    screen.emit('display-metrics-changed');
    expect(win.bounds).toEqual({ x: 2100, y: 80, width: 1400, height: 900 });
    displays = [display(laptop)];
    screen.emit('display-removed');
    expect(win.bounds).toEqual({ x: 260, y: 75, width: 1400, height: 900 });
    win.emit('closed');
    expect(screen.listenerCount('display-removed')).toBe(0);
  });

  it('saves a moment after the last move or resize, and at once on close', () => {
    vi.useFakeTimers();
    try {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'herald-window-'));
      const win = new FakeWindow();
      rememberWindowState(win as unknown as BrowserWindow, dir, () => {}, 1000);
      win.emit('move');
      win.bounds = { ...win.bounds, x: 2200 };
      win.emit('resize');
      expect(readWindowState(dir)).toBeNull();
      vi.advanceTimersByTime(1000);
      expect(readWindowState(dir)).toEqual({ bounds: { x: 2200, y: 80, width: 1400, height: 900 }, maximized: false });
      win.maximized = true;
      win.emit('close');
      expect(readWindowState(dir)?.maximized).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('logs, and carries on, when the state cannot be written', () => {
    const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'herald-window-')), 'not-there');
    const logged: string[] = [];
    const win = new FakeWindow();
    rememberWindowState(win as unknown as BrowserWindow, dir, (m) => logged.push(m));
    expect(() => win.emit('close')).not.toThrow();
    expect(logged[0]).toMatch(/^Could not remember the window's size and position: /);
  });
});
