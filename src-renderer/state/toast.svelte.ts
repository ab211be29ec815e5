/** One message at the bottom of the window for what a drop or a menu command did (issue 15). */
export interface ToastMessage {
  ok: boolean;
  text: string;
  link?: { href: string; text: string };
}

class ToastState {
  value = $state<ToastMessage | null>(null);
  show(message: ToastMessage) {
    this.value = message;
  }
  clear() {
    this.value = null;
  }
}

export const toast = new ToastState();
