import { fileURLToPath } from 'node:url';

/** The nginx config of docs/deploying.md, which the cluster test runs. */
export const NGINX_TEMPLATE = fileURLToPath(
  new URL('../../deploy/nginx/fieldwork-tracker.conf.template', import.meta.url),
);

/** Fills the template's ${FT_...} names, as envsubst does; a name left unfilled is an error. */
export function fillTemplate(template: string, values: Record<string, string>): string {
  return template.replace(/\$\{(FT_[A-Z_]+)\}/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`the nginx template names ${name}, which is unset`);
    return value;
  });
}
