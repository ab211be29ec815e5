/**
 * A phone page's data: loaded at once, asked for again every 30 s while the page is open (the laptop's organiser may
 * commit a game meanwhile) and when the phone comes back to the tab; the last good answer stays on screen.
 */
import { onMount } from 'svelte';

export const REFRESH_MS = 30_000;

export function live<T>(load: () => Promise<T>) {
  const state = $state<{ value: T | null; error: string | null; loading: boolean }>({ value: null, error: null, loading: true });
  const refresh = async () => {
    state.loading = true;
    try {
      state.value = await load();
      state.error = null;
    } catch (e) {
      state.error = e instanceof Error ? e.message : String(e);
    } finally {
      state.loading = false;
    }
  };
  onMount(() => {
    void refresh();
    const timer = setInterval(() => void refresh(), REFRESH_MS);
    const onVisible = () => {
      if (document.visibilityState === 'visible') void refresh();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  });
  return {
    get value() {
      return state.value;
    },
    get error() {
      return state.error;
    },
    get loading() {
      return state.loading;
    },
    refresh,
  };
}
