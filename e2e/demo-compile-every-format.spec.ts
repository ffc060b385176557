// Every template of the demo compiles to each of the seven formats through the real server, with
// the six stages shown as the server ran them (each with the duration it measured).
import { compileAndWait, FORMAT_BUTTONS, formatButton, legalText, loadTemplate, MORE_EXAMPLES, openDemo, TEMPLATE_BUTTONS } from './demo-support.ts';
import { expect, test } from './support/fixtures.ts';

test('GDPR, CCPA, HIPAA and PCI-DSS have buttons; the other templates are under More examples', async ({ page }) => {
  const demo = await openDemo(page);
  const examples = demo.getByRole('group', { name: 'Load an example' });
  await expect(examples.getByRole('button')).toHaveText([...TEMPLATE_BUTTONS]);
  const more = examples.getByRole('combobox', { name: 'More examples' });
  await expect(more.getByRole('option')).toHaveText(['More examples…', ...MORE_EXAMPLES]);
  await more.focus();
  await page.keyboard.press('ArrowDown'); // a closed select changes with the arrow keys
  await expect(legalText(demo)).toHaveValue(/Artificial Intelligence|AI system/i);
  await expect(more).toHaveValue('');
});

for (const template of [...TEMPLATE_BUTTONS, ...MORE_EXAMPLES]) {
  test(`the ${template} template compiles to all seven formats`, async ({ page }) => {
    test.slow(); // compiles to several formats, each checked, on a machine shared by parallel runs
    const demo = await openDemo(page);
    await loadTemplate(demo, template);
    for (const format of FORMAT_BUTTONS) {
      await formatButton(demo, format.label).click();
      await expect(formatButton(demo, format.label)).toHaveAttribute('aria-pressed', 'true');
      const response = await compileAndWait(demo);
      const body = (await response.json()) as { stages: { stage: string; ms: number }[]; format: { id: string } };
      expect(body.format.id).toBe(format.id);
      await expect(demo.getByTestId('demo-output')).toHaveText(format.marker);
      await expect(demo.getByRole('button', { name: `Download ${format.ext}` })).toBeVisible();
      for (const stage of body.stages) {
        await expect(demo.getByTestId(`demo-stage-${stage.stage}`)).toHaveAttribute('data-state', 'done');
      }
      await expect(demo.getByRole('progressbar', { name: 'Compile progress' })).toHaveAttribute('aria-valuenow', '100');
    }
  });
}
