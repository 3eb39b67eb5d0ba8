import { afterEach, describe, expect, it, vi } from 'vitest';

const opened = vi.hoisted(() => [] as string[]);
vi.mock('@mantine/modals', () => ({
  modals: { openConfirmModal: (modal: { title: string }) => opened.push(modal.title) },
}));

const { openConfirmModal, setConfirmHostReady } = await import('./confirm');

/** Lets the promise callbacks queued so far run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('confirm dialogs asked for around their host loading', () => {
  afterEach(() => {
    setConfirmHostReady(false);
    opened.length = 0;
  });

  it('holds a dialog asked for before the host listens, and opens it once it does', async () => {
    openConfirmModal({ title: 'Log out?' });
    await settle();
    expect(opened).toEqual([]);
    setConfirmHostReady(true);
    await settle();
    expect(opened).toEqual(['Log out?']);
  });

  it('opens at once while the host listens, and holds again once it has gone', async () => {
    setConfirmHostReady(true);
    openConfirmModal({ title: 'Delete this entry?' });
    await settle();
    expect(opened).toEqual(['Delete this entry?']);
    setConfirmHostReady(false);
    openConfirmModal({ title: 'Restore it?' });
    await settle();
    expect(opened).toEqual(['Delete this entry?']);
    setConfirmHostReady(true);
    await settle();
    expect(opened).toEqual(['Delete this entry?', 'Restore it?']);
  });
});
