/**
 * The engine's PDF code (pdf-lib and fontkit, heavy to load: decision 014) loads with the first
 * request that reads or writes a form, not at start, so the server starts small and fast.
 */
export async function loadFvfEngine() {
  const [template, signing] = await Promise.all([
    import('./fvf-template'),
    import('./fvf-signing'),
  ]);
  return {
    recogniseFvfTemplate: template.recogniseFvfTemplate,
    fillFvfTemplate: template.fillFvfTemplate,
    formOfFigures: template.formOfFigures,
    signFvf: signing.signFvf,
  };
}
