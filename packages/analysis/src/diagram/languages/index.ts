import { csharp } from './csharp.js';
import { go } from './go.js';
import { javascript } from './javascript.js';
import { jvm } from './jvm.js';
import { php } from './php.js';
import { python } from './python.js';
import { ruby } from './ruby.js';
import { rust } from './rust.js';
import type { LanguageModule } from './types.js';

/** Every language whose imports become edges, in a fixed order (the first that matches a file wins). */
export const LANGUAGES: readonly LanguageModule[] = [
  javascript,
  python,
  go,
  jvm,
  csharp,
  rust,
  php,
  ruby,
];

export type { LanguageModule, LanguageSession, ResolvedImports, SessionContext } from './types.js';
