/**
 * Every unit test formats in British English (vitest.config.ts setupFiles), whatever the machine's locale: what a
 * test expects ("1 Nov 2026", "4,000 characters") must not depend on where it runs. The app formats in the system's.
 */
import { useLocale } from './index';

useLocale('en-GB');
