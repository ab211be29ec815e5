import { describe, expect, it } from 'vitest';
import { toast } from './toast.svelte';

describe('toast', () => {
  it('shows one message and clears it', () => {
    toast.show({ ok: true, text: 'Imported.' });
    expect(toast.value).toEqual({ ok: true, text: 'Imported.' });
    toast.clear();
    expect(toast.value).toBeNull();
  });
});
