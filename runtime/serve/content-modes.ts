// `wopgen serve` flags for the media types A2A skills take and give (the card's
// `defaultInputModes`/`defaultOutputModes`, narrowed per skill; a part outside a skill's input modes
// is -32005, bindings/a2a/content-modes.ts). Flags win over the environment:
//   --a2a-input-modes TYPE,TYPE     WOPGEN_A2A_INPUT_MODES
//   --a2a-output-modes TYPE,TYPE    WOPGEN_A2A_OUTPUT_MODES
//   --a2a-skill-modes SKILL:in=TYPE,TYPE | SKILL:out=TYPE,TYPE (repeatable)
//                                   WOPGEN_A2A_SKILL_MODES (entries separated by spaces)
// A malformed media type, an empty list, a malformed entry or a skill no workflow has is a
// UsageError naming it.
import type { A2aConfig } from '../config.ts';
import { UsageError } from './usage.ts';

export const CONTENT_MODE_OPTIONS = {
  'a2a-input-modes': { type: 'string' },
  'a2a-output-modes': { type: 'string' },
  'a2a-skill-modes': { type: 'string', multiple: true },
} as const;

export interface ContentModeSettings {
  a2aInputModes?: string[];
  a2aOutputModes?: string[];
  a2aSkillModes?: NonNullable<A2aConfig['skillModes']>;
}

// type "/" subtype, each an RFC 6838 restricted name; parameters are not part of a mode.
const MEDIA_TYPE =
  /^[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126}\/[A-Za-z0-9*][A-Za-z0-9!#$&^_.+*-]{0,126}$/;

function modes(text: string, what: string): string[] {
  const list = text
    .split(',')
    .map((m) => m.trim())
    .filter((m) => m !== '');
  if (list.length === 0) throw new UsageError(`${what} names no media type`);
  const bad = list.find((m) => !MEDIA_TYPE.test(m));
  if (bad !== undefined)
    throw new UsageError(`${what}: "${bad}" is not a media type (type/subtype)`);
  return list;
}

function skillModes(entries: string[]): ContentModeSettings['a2aSkillModes'] {
  const out: NonNullable<ContentModeSettings['a2aSkillModes']> = {};
  for (const entry of entries) {
    const m = /^([^:=\s]+):(in|out)=(.*)$/.exec(entry);
    if (!m)
      throw new UsageError(
        `--a2a-skill-modes takes SKILL:in=TYPE,TYPE or SKILL:out=TYPE,TYPE, got "${entry}"`,
      );
    const [, skill, dir, list] = m;
    const own = (out[skill!] ??= {});
    own[dir === 'in' ? 'inputModes' : 'outputModes'] = modes(
      list!,
      `--a2a-skill-modes ${skill}:${dir}`,
    );
  }
  return out;
}

/** The content-mode settings of parsed flags and the environment (flags win). */
export function contentModeSettings(
  values: { 'a2a-input-modes'?: string; 'a2a-output-modes'?: string; 'a2a-skill-modes'?: string[] },
  env: NodeJS.ProcessEnv,
): ContentModeSettings {
  const input = values['a2a-input-modes'] ?? env['WOPGEN_A2A_INPUT_MODES'];
  const output = values['a2a-output-modes'] ?? env['WOPGEN_A2A_OUTPUT_MODES'];
  const envSkills = env['WOPGEN_A2A_SKILL_MODES'];
  const skills =
    values['a2a-skill-modes'] ?? (envSkills ? envSkills.split(/\s+/).filter(Boolean) : []);
  return {
    ...(input !== undefined && { a2aInputModes: modes(input, '--a2a-input-modes') }),
    ...(output !== undefined && { a2aOutputModes: modes(output, '--a2a-output-modes') }),
    ...(skills.length > 0 && { a2aSkillModes: skillModes(skills) }),
  };
}

/** Put the settings into the host's A2A config; a skill no workflow has is a UsageError. */
export function applyContentModes(
  a2a: A2aConfig,
  s: ContentModeSettings,
  hasWorkflow: (id: string) => boolean,
): void {
  if (s.a2aInputModes) a2a.defaultInputModes = s.a2aInputModes;
  if (s.a2aOutputModes) a2a.defaultOutputModes = s.a2aOutputModes;
  if (s.a2aSkillModes) {
    const unknown = Object.keys(s.a2aSkillModes).filter((id) => !hasWorkflow(id));
    if (unknown.length > 0)
      throw new UsageError(`--a2a-skill-modes names no workflow: ${unknown.join(', ')}`);
    a2a.skillModes = { ...a2a.skillModes, ...s.a2aSkillModes };
  }
}
