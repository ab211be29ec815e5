/**
 * The stand-in's pieces for issue 31 (see electron-standin.ts): nativeTheme, Notification, and net.fetch of https
 * URLs played from the test's configuration — offline unless the test says what a URL answers, so no edge test ever
 * reaches the network. Each records what Herald asked, as Electron's documented API takes it.
 */
import { EventEmitter } from 'node:events';
import { fetchFile } from './standin-basics';

/** What net.fetch answers for an https URL: a status and a JSON body; absent: offline (net::ERR_INTERNET_DISCONNECTED). */
export type NetAnswers = Record<string, { status: number; body: unknown }>;

export function createDesktopModules(record: (kind: string, detail?: unknown) => void, config: { net?: NetAnswers; notifications?: boolean }) {
  /** Electron's nativeTheme: `themeSource` is what Herald sets; the stand-in's system is light. */
  class NativeTheme extends EventEmitter {
    #source: 'system' | 'light' | 'dark' = 'system';
    get themeSource() {
      return this.#source;
    }
    set themeSource(value: 'system' | 'light' | 'dark') {
      record('nativeTheme.themeSource', value);
      this.#source = value;
    }
    get shouldUseDarkColors() {
      return this.#source === 'dark';
    }
  }
  const nativeTheme = new NativeTheme();

  const notifications: StandInNotification[] = [];
  class StandInNotification extends EventEmitter {
    static isSupported = () => config.notifications !== false;
    constructor(readonly options: Record<string, unknown> = {}) {
      super();
      notifications.push(this);
      record('Notification', options);
    }
    show() {
      record('notification.show', { index: notifications.indexOf(this), title: this.options.title });
    }
    close() {}
  }

  /** Chromium's network stack: file: URLs are read (the app:// handler), https answered from the configuration. */
  async function fetch(input: string | Request, init?: RequestInit): Promise<Response> {
    const url = typeof input === 'string' ? input : input.url;
    if (url.startsWith('file:')) return fetchFile(url);
    const headers = Object.fromEntries(new Headers(init?.headers ?? (typeof input === 'string' ? undefined : input.headers)));
    record('net.fetch', { url, headers });
    const answer = config.net?.[url];
    if (!answer) throw new TypeError('net::ERR_INTERNET_DISCONNECTED');
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'Content-Type': 'application/json' } });
  }

  return {
    nativeTheme,
    Notification: StandInNotification,
    net: { fetch },
    /** A click on the notification at `index` (the OS would emit 'click'). */
    clickNotification(index: number) {
      const n = notifications[index];
      if (!n) throw new Error(`There is no notification ${index} (${notifications.length} shown).`);
      n.emit('click', { defaultPrevented: false, preventDefault() {} });
    },
  };
}
