/** pdf-lib and fontkit are heavy (decision 014): loaded on the first form request, not at start. */
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
