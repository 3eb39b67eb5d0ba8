/**
 * The PDF code (pdf-lib and fontkit, heavy to load: decision 014) loads with the first request
 * that reads or writes a PDF, not at start, so the server starts small and fast.
 */
export async function loadPdfCode() {
  const [template, signing, agenda] = await Promise.all([
    import('./fvf-template'),
    import('./fvf-signing'),
    import('./agenda-pdf'),
  ]);
  return {
    recogniseFvfTemplate: template.recogniseFvfTemplate,
    fillFvfTemplate: template.fillFvfTemplate,
    formOfFigures: template.formOfFigures,
    signFvf: signing.signFvf,
    renderAgendaPdf: agenda.renderAgendaPdf,
    agendaFileName: agenda.agendaFileName,
  };
}
