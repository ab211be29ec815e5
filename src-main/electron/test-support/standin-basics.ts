/** Plain pieces of the electron stand-in (electron-standin.ts): its configuration, events, and Chromium's file loader. */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface StandInConfig {
  /** What app.getAppPath() answers: the project folder (dist/renderer is served from there). */
  appPath: string;
  /** Folder for app.getPath('appData' | 'temp' | 'home' …) when Herald did not set it. */
  home: string;
  version: string;
  /** requestSingleInstanceLock()'s answer: false plays a second launch. */
  singleInstanceLock: boolean;
  displays: Display[];
  /** net.fetch's answers for https URLs (issue 31's update check); any other is offline. */
  net?: Record<string, { status: number; body: unknown }>;
  /** Notification.isSupported()'s answer (default true). */
  notifications?: boolean;
}

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}
export interface Display {
  id: number;
  bounds: Rect;
  workArea: Rect;
  scaleFactor: number;
}

export interface Record_ {
  kind: string;
  detail?: unknown;
}

/** A cancelable Electron event. */
export function electronEvent(extra: Record<string, unknown> = {}) {
  const event = {
    defaultPrevented: false,
    preventDefault() {
      event.defaultPrevented = true;
    },
    ...extra,
  };
  return event;
}

const MIME: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ico': 'image/x-icon',
};

/** A PDF as small as printToPDF could make: one page (src-main/printing.ts counts "/Type /Page"). */
export const STAND_IN_PDF =
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n3 0 obj << /Type /Page /Parent 2 0 R >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n';

/** net.fetch of a file: URL, as Chromium's file loader answers it: the bytes with a MIME type, or a rejection. */
export async function fetchFile(url: string): Promise<Response> {
  if (!url.startsWith('file:')) throw new Error(`The stand-in net.fetch reads file: URLs only (asked for ${url}).`);
  const file = fileURLToPath(url);
  let bytes: Buffer;
  try {
    bytes = fs.readFileSync(file);
  } catch {
    throw new TypeError('net::ERR_FILE_NOT_FOUND');
  }
  return new Response(new Uint8Array(bytes), {
    status: 200,
    headers: { 'Content-Type': MIME[path.extname(file).toLowerCase()] ?? 'application/octet-stream' },
  });
}

export const overlaps = (a: Rect, b: Rect) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
