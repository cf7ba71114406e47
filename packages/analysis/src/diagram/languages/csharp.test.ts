import { describe, expect, it } from 'vitest';
import { importGraph } from '../test-support.js';

describe('C# usings', () => {
  it('maps usings to the files declaring the namespace and the types the file mentions', async () => {
    const graph = await importGraph({
      'src/Api/Api.csproj': '<Project Sdk="Microsoft.NET.Sdk.Web"></Project>',
      'src/Api/Controllers/OrdersController.cs': [
        'using System;',
        'using Acme.Domain;',
        'using Acme.Data;',
        'using static Acme.Domain.Money;',
        'using Npgsql;',
        '// using Acme.Commented;',
        'namespace Acme.Api.Controllers;',
        'public class OrdersController {',
        '  private readonly Order order; private readonly string s = "using Acme.InString;";',
        '  void Run() { using (var c = new NpgsqlConnection()) { } using var d = Open(); }',
        '  Settings settings;',
        '}',
      ].join('\n'),
      'src/Api/Settings.cs': 'namespace Acme.Api { public record Settings(string Url); }',
      'src/Domain/Order.cs': 'namespace Acme.Domain;\npublic class Order {}',
      'src/Domain/Customer.cs': 'namespace Acme.Domain;\npublic class Customer {}',
      'src/Domain/Money.cs': 'namespace Acme.Domain;\npublic static class Money {}',
      'src/Data/Context.cs': 'namespace Acme.Data\n{\n  public class Context {}\n}',
    });
    expect(graph.edges).toEqual([
      'src/Api/Controllers/OrdersController.cs -> src/Api/Settings.cs',
      'src/Api/Controllers/OrdersController.cs -> src/Data/Context.cs',
      'src/Api/Controllers/OrdersController.cs -> src/Domain/Money.cs',
      'src/Api/Controllers/OrdersController.cs -> src/Domain/Order.cs',
    ]);
    expect(graph.externals).toEqual(['dotnet:Npgsql', 'dotnet:System']);
  });
});
