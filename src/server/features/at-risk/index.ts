export { outlookLine, unsignedFormLine } from './at-risk-emails';
export { getAtRisk } from './at-risk.service';
