import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';

/** A file as a test hands it to the browser. */
export type TestFile = { name: string; mimeType: string; buffer: Buffer };

/** Chooses a file the keyboard's way: the real button, pressed, opens the system's picker. */
export async function chooseByKeyboard(page: Page, button: Locator, file: TestFile) {
  const chooser = page.waitForEvent('filechooser');
  await button.focus();
  await page.keyboard.press('Enter');
  await (await chooser).setFiles(file);
}

/** Drops a file on `target`, as a file dragged from the desktop would be. */
export async function dropFile(page: Page, target: Locator, file: TestFile) {
  const dataTransfer = await page.evaluateHandle(
    ({ name, mimeType, bytes }) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(bytes)], name, { type: mimeType }));
      return transfer;
    },
    { name: file.name, mimeType: file.mimeType, bytes: [...file.buffer] },
  );
  await target.dispatchEvent('dragenter', { dataTransfer });
  await target.dispatchEvent('drop', { dataTransfer });
}

/** Clicks a download link and returns the bytes the browser saved. */
export async function download(
  page: Page,
  link: Locator,
): Promise<{ name: string; bytes: Buffer }> {
  const started = page.waitForEvent('download');
  await link.click();
  const saved = await started;
  return { name: saved.suggestedFilename(), bytes: readFileSync(await saved.path()) };
}
