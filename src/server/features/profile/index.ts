export { getProfile } from './profile.service';
