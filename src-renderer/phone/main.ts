/**
 * The Club Wi-Fi view's phone pages (issue 22): a separate, small entry (phone.html) that only reads. It has no
 * write controls at all, and the LAN listener answers only reads anyway (src-main/lan/read-channels.ts).
 */
import { mount } from 'svelte';
import PhoneApp from './PhoneApp.svelte';
import './phone.css';

const target = document.getElementById('phone');
if (!target) throw new Error('phone.html has no #phone element');
mount(PhoneApp, { target });
