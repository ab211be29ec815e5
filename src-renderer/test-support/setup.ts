/**
 * Runs before every renderer test file: the FakeBridge is the window's bridge before api.ts picks its transport, and
 * each test starts with a fresh one.
 */
import { afterEach, beforeEach } from 'vitest';
import { bridge } from './fake-bridge';

window.herald = bridge;
beforeEach(() => bridge.reset());
afterEach(() => bridge.reset());

// jsdom has <dialog> but not its modal methods (Dialog.svelte opens with showModal()): open and close it as a browser
// would, without the top layer.
HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
  this.open = true;
};
HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
  if (!this.open) return;
  this.open = false;
  this.dispatchEvent(new Event('close'));
};
