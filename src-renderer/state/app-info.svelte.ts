/** What the views need to know about the shell (electron: main's dialogs; browser: upload/download). */
import type { AppInfo } from '../../shared/ipc/schemas/app';

class AppInfoState {
  value = $state<AppInfo | null>(null);
  get isElectron() {
    return this.value?.mode === 'electron';
  }
}

export const appInfo = new AppInfoState();
