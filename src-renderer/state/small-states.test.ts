/** The window-wide bits of state: the shell's mode (app-info), work handed between screens (hand-over), the toast. */
import { describe, expect, it } from 'vitest';
import type { AppInfo } from '../../shared/ipc/schemas/app';
import { appInfo } from './app-info.svelte';
import { handOver } from './hand-over.svelte';
import { toast } from './toast.svelte';

describe('appInfo', () => {
  it('is not Electron until main has said so', () => {
    appInfo.value = null;
    expect(appInfo.isElectron).toBe(false);
  });

  it('tells Electron (main’s dialogs) from browser mode (uploads and downloads)', () => {
    appInfo.value = { mode: 'electron' } as AppInfo;
    expect(appInfo.isElectron).toBe(true);
    appInfo.value = { mode: 'browser' } as AppInfo;
    expect(appInfo.isElectron).toBe(false);
    appInfo.value = null;
  });
});

describe('handOver', () => {
  it('starts with nothing handed over', () => {
    expect(handOver.ruleset).toBeNull();
    expect(handOver.newCampaign).toBe(false);
    expect(handOver.handOverCampaign).toBeNull();
    expect(handOver.print).toBeNull();
  });

  it('carries a print request to the print preview until it is taken', () => {
    handOver.print = { kind: 'roster', id: 't1' };
    expect(handOver.print).toEqual({ kind: 'roster', id: 't1' });
    handOver.print = null;
    expect(handOver.print).toBeNull();
  });
});

describe('toast', () => {
  it('a newer message replaces the one shown, with its link', () => {
    toast.show({ ok: true, text: 'Imported.' });
    toast.show({ ok: false, text: 'Not a campaign file.', link: { href: '#/backups', text: 'Backups' } });
    expect(toast.value).toEqual({ ok: false, text: 'Not a campaign file.', link: { href: '#/backups', text: 'Backups' } });
    toast.clear();
    expect(toast.value).toBeNull();
  });
});
