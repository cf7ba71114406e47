import type { FrameworkRule } from './rule-types.js';

/**
 * HTTP and UI frameworks: in-process libraries, not systems the code talks to, so they are
 * annotations on the components that use them (and hints for their role), never nodes.
 */
export const FRAMEWORK_RULES: readonly FrameworkRule[] = [
  { id: 'nextjs', label: 'Next.js', role: 'web-ui', match: { npm: 'next' } },
  { id: 'nuxt', label: 'Nuxt', role: 'web-ui', match: { npm: 'nuxt' } },
  { id: 'sveltekit', label: 'SvelteKit', role: 'web-ui', match: { npm: '@sveltejs/kit' } },
  { id: 'react', label: 'React', role: 'web-ui', match: { npm: 'react react-dom' } },
  { id: 'vue', label: 'Vue', role: 'web-ui', match: { npm: 'vue' } },
  { id: 'svelte', label: 'Svelte', role: 'web-ui', match: { npm: 'svelte' } },
  { id: 'angular', label: 'Angular', role: 'web-ui', match: { npm: '@angular/core' } },
  { id: 'solid', label: 'Solid', role: 'web-ui', match: { npm: 'solid-js' } },
  { id: 'preact', label: 'Preact', role: 'web-ui', match: { npm: 'preact' } },
  { id: 'express', label: 'Express', role: 'api', match: { npm: 'express' } },
  { id: 'fastify', label: 'Fastify', role: 'api', match: { npm: 'fastify' } },
  { id: 'koa', label: 'Koa', role: 'api', match: { npm: 'koa' } },
  { id: 'hapi', label: 'hapi', role: 'api', match: { npm: '@hapi/hapi' } },
  {
    id: 'nestjs',
    label: 'NestJS',
    role: 'api',
    match: { npm: '@nestjs/core @nestjs/common' },
  },
  { id: 'hono', label: 'Hono', role: 'api', match: { npm: 'hono' } },
  { id: 'django', label: 'Django', role: 'api', match: { py: 'django', pypi: 'django' } },
  { id: 'flask', label: 'Flask', role: 'api', match: { py: 'flask', pypi: 'flask' } },
  { id: 'fastapi', label: 'FastAPI', role: 'api', match: { py: 'fastapi', pypi: 'fastapi' } },
  {
    id: 'starlette',
    label: 'Starlette',
    role: 'api',
    match: { py: 'starlette', pypi: 'starlette' },
  },
  { id: 'aiohttp', label: 'aiohttp', role: 'api', match: { py: 'aiohttp.web' } },
  {
    id: 'spring',
    label: 'Spring',
    role: 'api',
    match: {
      jvm: 'org.springframework.web org.springframework.boot',
      maven: 'org.springframework.boot:* org.springframework:spring-webmvc',
    },
  },
  {
    id: 'ktor',
    label: 'Ktor',
    role: 'api',
    match: { jvm: 'io.ktor.server', maven: 'io.ktor:ktor-server-*' },
  },
  {
    id: 'quarkus',
    label: 'Quarkus',
    role: 'api',
    match: { jvm: 'io.quarkus', maven: 'io.quarkus:*' },
  },
  {
    id: 'aspnetcore',
    label: 'ASP.NET Core',
    role: 'api',
    match: { dotnet: 'Microsoft.AspNetCore Microsoft.AspNetCore.*' },
  },
  { id: 'gin', label: 'Gin', role: 'api', match: { go: 'github.com/gin-gonic/gin' } },
  { id: 'echo', label: 'Echo', role: 'api', match: { go: 'github.com/labstack/echo' } },
  { id: 'fiber', label: 'Fiber', role: 'api', match: { go: 'github.com/gofiber/fiber' } },
  { id: 'chi', label: 'chi', role: 'api', match: { go: 'github.com/go-chi/chi' } },
  { id: 'gorilla', label: 'gorilla/mux', role: 'api', match: { go: 'github.com/gorilla/mux' } },
  { id: 'actix', label: 'Actix Web', role: 'api', match: { cargo: 'actix-web' } },
  { id: 'axum', label: 'Axum', role: 'api', match: { cargo: 'axum' } },
  { id: 'rocket', label: 'Rocket', role: 'api', match: { cargo: 'rocket' } },
  {
    id: 'laravel',
    label: 'Laravel',
    role: 'api',
    match: { php: 'Illuminate', composer: 'laravel/framework' },
  },
  {
    id: 'symfony',
    label: 'Symfony',
    role: 'api',
    match: {
      php: 'Symfony\\Component\\HttpKernel Symfony\\Component\\Routing',
      composer: 'symfony/framework-bundle',
    },
  },
  { id: 'slim', label: 'Slim', role: 'api', match: { php: 'Slim', composer: 'slim/slim' } },
  {
    id: 'rails',
    label: 'Rails',
    role: 'api',
    match: { gem: 'rails action_controller actionpack' },
  },
  { id: 'sinatra', label: 'Sinatra', role: 'api', match: { gem: 'sinatra' } },
];
