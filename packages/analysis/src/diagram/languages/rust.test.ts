import { describe, expect, it } from 'vitest';
import { expandUseTree } from './rust.js';
import { importGraph } from '../test-support.js';

describe('Rust modules and paths', () => {
  it('expands use trees', () => {
    expect(expandUseTree('crate::a::{b, c::{d as e, self}, f::*}')).toEqual([
      'crate::a::b',
      'crate::a::c::d',
      'crate::a::c',
      'crate::a::f',
    ]);
  });

  it('follows mod declarations, crate/self/super paths and workspace crates by name', async () => {
    const graph = await importGraph({
      'Cargo.toml': '[workspace]\nmembers = ["crates/*"]\n',
      'crates/app/Cargo.toml':
        '[package]\nname = "app"\n\n[dependencies]\nstore-lib = { path = "../store" }\nredis = "0.24"\n',
      'crates/app/src/main.rs': [
        'mod config;',
        'mod handlers;',
        '// mod commented;',
        'use store_lib::db::Pool;',
        'use redis::Commands;',
        'fn main() { let s = "use crate::in_string;"; let c: char = \'"\'; config::load(); }',
      ].join('\n'),
      'crates/app/src/config.rs': "pub fn load<'a>(x: &'a str) {}",
      'crates/app/src/handlers/mod.rs': 'pub mod orders;\nuse crate::config;',
      'crates/app/src/handlers/orders.rs':
        'use super::super::config::load;\nuse self::inner::X;\nmod inner { pub struct X; }',
      'crates/store/Cargo.toml': '[package]\nname = "store-lib"\n',
      'crates/store/src/lib.rs': 'pub mod db;\n#[path = "legacy_impl.rs"]\nmod legacy;',
      'crates/store/src/db.rs': 'use crate::legacy;',
      'crates/store/src/legacy_impl.rs': '',
    });
    expect(graph.edges).toEqual([
      'crates/app/src/handlers/mod.rs -> crates/app/src/config.rs',
      'crates/app/src/handlers/mod.rs -> crates/app/src/handlers/orders.rs',
      'crates/app/src/handlers/orders.rs -> crates/app/src/config.rs',
      'crates/app/src/main.rs -> crates/app/src/config.rs',
      'crates/app/src/main.rs -> crates/app/src/handlers/mod.rs',
      'crates/app/src/main.rs -> crates/store/src/db.rs',
      'crates/store/src/db.rs -> crates/store/src/legacy_impl.rs',
      'crates/store/src/lib.rs -> crates/store/src/db.rs',
      'crates/store/src/lib.rs -> crates/store/src/legacy_impl.rs',
    ]);
    expect(graph.externals).toEqual(['cargo:redis']);
  });
});
