import { describe, expect, it } from 'vitest';
import { escapeHtml } from './html.js';

describe('escapeHtml', () => {
  it('leaves no character that could end a quoted attribute or open markup', () => {
    expect(escapeHtml(`Tom & Jerry's "<b>best</b>"`)).toBe('Tom &amp; Jerry&#39;s &quot;&lt;b&gt;best&lt;/b&gt;&quot;');
    expect(escapeHtml('plain')).toBe('plain');
  });
});
