/**
 * Runs before every renderer test file: the FakeBridge is the window's bridge before api.ts picks its transport, and
 * each test starts with a fresh one.
 */
import { afterEach, beforeEach } from 'vitest';
import { bridge } from './fake-bridge';

window.herald = bridge;
beforeEach(() => bridge.reset());
afterEach(() => bridge.reset());
