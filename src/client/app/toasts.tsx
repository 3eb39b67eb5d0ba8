import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';
import classes from './toasts.module.css';

/**
 * The stack the toasts show in (lib/notify.ts raises them). Its own module so that app.tsx can
 * load it after the first screen: importing it from '@mantine/notifications' there would put it
 * in the first download, beside the notifications store that notify.ts needs at once.
 */
export default function Toasts() {
  return <Notifications position="top-right" limit={4} classNames={{ root: classes.stack }} />;
}
