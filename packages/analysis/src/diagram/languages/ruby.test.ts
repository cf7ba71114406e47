import { describe, expect, it } from 'vitest';
import { importGraph } from '../test-support.js';

describe('Ruby requires', () => {
  it('resolves require_relative and literal requires under lib/', async () => {
    const graph = await importGraph({
      Gemfile: "source 'https://rubygems.org'\ngem 'pg'\n",
      'bin/run.rb':
        "require_relative '../lib/shop'\nrequire 'shop/cart'\nrequire 'pg'\n# require 'shop/commented'\nputs \"require 'shop/in_string'\"",
      'lib/shop.rb': "require_relative 'shop/cart'\nrequire_relative 'shop/missing'",
      'lib/shop/cart.rb': "autoload :Item, 'shop/item'",
      'lib/shop/item.rb': '',
    });
    expect(graph.edges).toEqual([
      'bin/run.rb -> lib/shop.rb',
      'bin/run.rb -> lib/shop/cart.rb',
      'lib/shop.rb -> lib/shop/cart.rb',
      'lib/shop/cart.rb -> lib/shop/item.rb',
    ]);
    expect(graph.externals).toEqual(['gem:pg']);
  });
});
