import { expect, it } from 'vitest';
import { missingPrerequisite } from './harness.js';

it("says to install Debian's chromium when the browser is missing", () => {
  expect(missingPrerequisite('/nonexistent/chromium')).toMatch(
    /Chromium is not installed at \/nonexistent\/chromium: .*Debian's chromium package \(sudo apt-get install chromium/,
  );
});
