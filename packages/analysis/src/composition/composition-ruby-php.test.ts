import type { CompositionAnalysis } from '@rota/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RepoBuilder } from '../testing/repo-builder.js';
import {
  analyzeRepo,
  framework,
  frameworkNames,
  manifestAt,
  repoWith,
} from './testing/analyze-repo.js';

describe('a Rails application', () => {
  let repo: RepoBuilder;
  let result: CompositionAnalysis;
  beforeAll(async () => {
    repo = repoWith({
      Gemfile: `source "https://rubygems.org"
git_source(:github) { |repo| "https://github.com/#{repo}.git" }

ruby "3.3.0"

gem "rails", "~> 7.1.2"
gem "pg", ">= 1.1", "< 2.0" # the database
gem "puma", require: false
gem "sidekiq"
# gem "sinatra"

group :development, :test do
  gem "rspec-rails", "~> 6.1"
  platforms :mri do
    gem "debug"
  end
  gem "rubocop", require: false
end

group :test do
  gem "capybara"
end

gem "devise", group: :production
`,
      'acme.gemspec': `Gem::Specification.new do |spec|
  spec.name = "acme"
  spec.licenses = ["MIT"]
  spec.add_dependency "rack", "~> 3.0"
  spec.add_development_dependency "minitest"
end
`,
      'config/application.rb': 'module Shop; end\n',
      'spec/models/order_spec.rb': 'RSpec.describe Order do; end\n',
      'spec/spec_helper.rb': '',
      'test/models/user_test.rb': '',
      'vendor/bundle/ruby/3.3.0/gems/rails/Gemfile': 'gem "not-ours"\n',
    });
    result = await analyzeRepo(repo);
  });
  afterAll(() => repo.remove());

  it('reads gems with versions and group scopes, the Ruby version and the gemspec', () => {
    const gemfile = manifestAt(result, 'Gemfile');
    expect(gemfile).toMatchObject({
      kind: 'gemfile',
      ecosystem: 'ruby',
      runtimes: [{ name: 'ruby', version: '3.3.0' }],
    });
    expect(gemfile.dependencies).toEqual([
      { name: 'rails', version: '~> 7.1.2', scope: 'runtime' },
      { name: 'pg', version: '>= 1.1, < 2.0', scope: 'runtime' },
      { name: 'puma', version: null, scope: 'runtime' },
      { name: 'sidekiq', version: null, scope: 'runtime' },
      { name: 'rspec-rails', version: '~> 6.1', scope: 'dev' },
      { name: 'debug', version: null, scope: 'dev' },
      { name: 'rubocop', version: null, scope: 'dev' },
      { name: 'capybara', version: null, scope: 'test' },
      { name: 'devise', version: null, scope: 'runtime' },
    ]);
    expect(manifestAt(result, 'acme.gemspec')).toMatchObject({
      name: 'acme',
      license: 'MIT',
      dependencies: [
        { name: 'rack', version: '~> 3.0', scope: 'runtime' },
        { name: 'minitest', version: null, scope: 'dev' },
      ],
    });
    expect(result.manifests.map((manifest) => manifest.path)).toEqual(['Gemfile', 'acme.gemspec']);
  });

  it('recognises Rails, RSpec and Sidekiq, and finds spec/ and test/ files', () => {
    expect(frameworkNames(result)).toEqual(
      expect.arrayContaining([
        'Ruby on Rails',
        'RSpec',
        'Sidekiq',
        'PostgreSQL',
        'Puma',
        'Capybara',
        'RuboCop',
        'Devise',
        'Minitest',
        'Bundler',
      ]),
    );
    expect(frameworkNames(result)).not.toContain('Sinatra');
    expect(framework(result, 'Ruby on Rails')).toMatchObject({
      version: '~> 7.1.2',
      evidence: ['Gemfile'],
    });
    expect(result.tests).toMatchObject({ files: 3, directories: ['spec', 'test'] });
  });
});

describe('a Laravel application', () => {
  let repo: RepoBuilder;
  let result: CompositionAnalysis;
  beforeAll(async () => {
    repo = repoWith({
      'composer.json': JSON.stringify({
        name: 'acme/shop',
        license: ['MIT'],
        require: {
          php: '^8.2',
          'ext-json': '*',
          'laravel/framework': '^11.0',
          'livewire/livewire': '^3.0',
        },
        'require-dev': {
          'phpunit/phpunit': '^10.5',
          'pestphp/pest': '^2.0',
          'symfony/framework-bundle': '^7.0',
        },
        bin: ['bin/shop'],
      }),
      artisan: '#!/usr/bin/env php\n',
      'bin/shop': '#!/usr/bin/env php\n',
      'app/Models/Order.php': '<?php\n',
      'tests/Feature/OrderTest.php': '<?php\n',
      'tests/Unit/PriceTest.php': '<?php\n',
      'vendor/laravel/framework/composer.json': '{"name": "laravel/framework"}',
      'phpunit.xml': '<phpunit/>',
    });
    result = await analyzeRepo(repo);
  });
  afterAll(() => repo.remove());

  it('reads composer.json without platform requirements', () => {
    expect(manifestAt(result, 'composer.json')).toMatchObject({
      kind: 'composer',
      ecosystem: 'php',
      name: 'acme/shop',
      license: 'MIT',
      runtimes: [{ name: 'php', version: '^8.2' }],
      dependencyCount: 5,
    });
    expect(result.manifests).toHaveLength(1);
    expect(result.entryPoints).toEqual([
      {
        kind: 'php-bin',
        path: 'bin/shop',
        declaredIn: 'composer.json',
        name: null,
        command: null,
        inTree: true,
      },
    ]);
  });

  it('recognises Laravel, Symfony and PHPUnit, and finds PHP tests', () => {
    expect(framework(result, 'Laravel')).toEqual({
      name: 'Laravel',
      category: 'web-framework',
      evidence: ['artisan', 'composer.json'],
      version: '^11.0',
    });
    expect(frameworkNames(result)).toEqual(
      expect.arrayContaining(['Symfony', 'PHPUnit', 'Pest', 'Livewire', 'Eloquent', 'Composer']),
    );
    expect(framework(result, 'PHPUnit')?.evidence).toEqual(['composer.json', 'phpunit.xml']);
    expect(result.tests.files).toBe(2);
  });
});
