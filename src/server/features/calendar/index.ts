export { revokeFeedOnReset } from './calendar.service';
