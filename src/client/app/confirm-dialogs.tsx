import './styles/components.css';
import { ModalsProvider } from '@mantine/modals';
import { useEffect } from 'react';
import { setConfirmHostReady } from '../lib/confirm';

/**
 * The host of the confirm dialogs (lib/confirm.ts) while someone is signed in, loaded after the
 * first screen. Its provider's listeners are set before this effect runs (children's first).
 */
export default function ConfirmDialogs() {
  useEffect(() => {
    setConfirmHostReady(true);
    return () => setConfirmHostReady(false);
  }, []);
  return <ModalsProvider>{null}</ModalsProvider>;
}
