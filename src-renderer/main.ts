import { mount } from 'svelte';
// Noto Sans is in the app's font stack (styles.css) and the print sheets' (print.css): its @font-face rules are in the
// entry stylesheet so every screen resolves the same fonts. They cost no download at start: each subset is fetched only
// when a character in its unicode-range is drawn in Noto Sans. The print-only Noto Sans Symbols 2 comes with the print
// screen's chunk (views/PrintView.svelte).
import '@fontsource/noto-sans/400.css';
import '@fontsource/noto-sans/700.css';
import App from './App.svelte';
import { reportErrorsToLog } from './error-log';
import './styles.css';

// Before the app mounts, so an error while it starts is logged too (issue 31).
reportErrorsToLog();
const target = document.getElementById('app');
if (!target) throw new Error('index.html has no #app element');
mount(App, { target });
