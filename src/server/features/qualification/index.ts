export { formQualificationFlags } from './qualification.service';
