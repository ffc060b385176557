import { describe, expect, it } from 'vitest';
import { diagramText } from './diagram-text.ts';

describe('diagramText', () => {
  it('names a flowchart and describes each arrow by its labels, in order', () => {
    const text = diagramText('flowchart LR\n  A[Legal text] --> B[validating]\n  B --> C(parsing) --> D{Engine decides}\n');
    expect(text).toEqual({ title: 'Flowchart', description: 'Legal text to validating, validating to parsing, parsing to Engine decides.' });
  });

  it('prefers the diagram\u2019s own accTitle and accDescr', () => {
    const text = diagramText('flowchart TD\n  accTitle: The compile pipeline\n  accDescr: Six stages from text to policy\n  A --> B');
    expect(text).toEqual({ title: 'The compile pipeline', description: 'Six stages from text to policy' });
  });

  it('uses node ids without labels, edge labels are not nodes, and comments are skipped', () => {
    const text = diagramText('graph TD\n  %% a comment\n  start -->|yes| finish\n  finish --- archive["Archive (7 years)"]');
    expect(text.description).toBe('start to finish, finish to Archive (7 years).');
  });

  it('falls back to the kind of diagram for other chart types', () => {
    expect(diagramText('sequenceDiagram\n  Agent->>Engine: decide')).toEqual({ title: 'sequenceDiagram diagram', description: 'The diagram\u2019s source follows the drawing.' });
  });
});
