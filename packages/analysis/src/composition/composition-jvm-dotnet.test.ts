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

const POM = `<?xml version="1.0" encoding="UTF-8"?>
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <parent>
    <groupId>org.springframework.boot</groupId>
    <artifactId>spring-boot-starter-parent</artifactId>
    <version>3.2.1</version>
  </parent>
  <groupId>com.acme</groupId>
  <artifactId>shop</artifactId>
  <version>1.0.0-SNAPSHOT</version>
  <packaging>pom</packaging>
  <licenses><license><name>Apache License, Version 2.0</name></license></licenses>
  <modules>
    <module>shop-api</module>
    <module>shop-core</module>
  </modules>
  <properties>
    <java.version>21</java.version>
    <hibernate.version>6.4.1.Final</hibernate.version>
  </properties>
  <dependencies>
    <dependency>
      <groupId>org.springframework.boot</groupId>
      <artifactId>spring-boot-starter-web</artifactId>
    </dependency>
    <dependency>
      <groupId>org.hibernate.orm</groupId>
      <artifactId>hibernate-core</artifactId>
      <version>\${hibernate.version}</version>
    </dependency>
    <!-- <dependency><groupId>io.quarkus</groupId><artifactId>quarkus-core</artifactId></dependency> -->
    <dependency>
      <groupId>org.junit.jupiter</groupId>
      <artifactId>junit-jupiter</artifactId>
      <scope>test</scope>
    </dependency>
  </dependencies>
  <build><plugins><plugin><groupId>org.jetbrains.kotlin</groupId><artifactId>kotlin-maven-plugin</artifactId></plugin></plugins></build>
</project>
`;

describe('a Maven and Gradle repository', () => {
  let repo: RepoBuilder;
  let result: CompositionAnalysis;
  beforeAll(async () => {
    repo = repoWith({
      'pom.xml': POM,
      'shop-api/pom.xml': '<project><artifactId>shop-api</artifactId></project>',
      'shop-api/src/main/java/com/acme/Api.java': 'class Api {}\n',
      'shop-api/src/test/java/com/acme/ApiTest.java': 'class ApiTest {}\n',
      'shop-core/pom.xml': '<project><artifactId>shop-core</artifactId></project>',
      'shop-core/src/main/java/com/acme/CoreIT.java': 'class CoreIT {}\n',
      'android/settings.gradle.kts': 'rootProject.name = "mobile"\ninclude(":app", ":lib:ui")\n',
      'android/app/build.gradle.kts': `plugins {
    id("com.android.application")
    kotlin("android") version "1.9.22"
    id("org.springframework.boot") version "3.2.0"
}
android { namespace = "com.acme.app" }
java { toolchain { languageVersion = JavaLanguageVersion.of(17) } }
dependencies {
    implementation("androidx.core:core-ktx:1.12.0")
    implementation(platform("org.springframework.boot:spring-boot-dependencies:3.2.0"))
    // implementation("io.micronaut:micronaut-core:4.0.0")
    testImplementation("junit:junit:4.13.2")
    implementation(libs.retrofit)
}
`,
      'android/lib/ui/build.gradle': `apply plugin: 'java-library'
dependencies {
    implementation group: 'org.hibernate', name: 'hibernate-core', version: '5.6.0'
    testImplementation 'org.mockito:mockito-core:5.0.0'
}
`,
      'android/gradle/libs.versions.toml': `[versions]
ktor = "2.3.7"
[libraries]
ktor-server = { module = "io.ktor:ktor-server-core", version.ref = "ktor" }
retrofit = "com.squareup.retrofit2:retrofit:2.9.0"
[plugins]
detekt = { id = "io.gitlab.arturbosch.detekt", version = "1.23.0" }
`,
    });
    result = await analyzeRepo(repo);
  });
  afterAll(() => repo.remove());

  it('reads pom.xml: parent, properties, scopes, plugins, licenses and modules', () => {
    const pom = manifestAt(result, 'pom.xml');
    expect(pom).toMatchObject({
      kind: 'maven',
      ecosystem: 'jvm',
      name: 'com.acme:shop',
      version: '1.0.0-SNAPSHOT',
      license: 'Apache License, Version 2.0',
      runtimes: [{ name: 'java', version: '21' }],
      workspaces: ['shop-api', 'shop-core'],
    });
    expect(pom.dependencies).toEqual([
      { name: 'org.springframework.boot:spring-boot-starter-web', version: null, scope: 'runtime' },
      { name: 'org.hibernate.orm:hibernate-core', version: '6.4.1.Final', scope: 'runtime' },
      { name: 'org.junit.jupiter:junit-jupiter', version: null, scope: 'test' },
    ]);
    expect(pom.frameworks).toEqual(['Hibernate', 'JUnit', 'Kotlin', 'Maven', 'Spring Boot']);
  });

  it('reads Gradle scripts, settings and the version catalog', () => {
    const app = manifestAt(result, 'android/app/build.gradle.kts');
    expect(app.dependencies).toEqual([
      { name: 'androidx.core:core-ktx', version: '1.12.0', scope: 'runtime' },
      {
        name: 'org.springframework.boot:spring-boot-dependencies',
        version: '3.2.0',
        scope: 'runtime',
      },
      { name: 'junit:junit', version: '4.13.2', scope: 'test' },
    ]);
    expect(app.runtimes).toEqual([{ name: 'java', version: '17' }]);
    expect(app.frameworks).toEqual(['Android', 'Gradle', 'JUnit', 'Kotlin', 'Spring Boot']);
    expect(manifestAt(result, 'android/lib/ui/build.gradle').dependencies).toEqual([
      { name: 'org.hibernate:hibernate-core', version: '5.6.0', scope: 'runtime' },
      { name: 'org.mockito:mockito-core', version: '5.0.0', scope: 'test' },
    ]);
    expect(manifestAt(result, 'android/gradle/libs.versions.toml').dependencies).toEqual([
      { name: 'io.ktor:ktor-server-core', version: '2.3.7', scope: 'runtime' },
      { name: 'com.squareup.retrofit2:retrofit', version: '2.9.0', scope: 'runtime' },
    ]);
    expect(frameworkNames(result)).toEqual(
      expect.arrayContaining(['Ktor', 'Mockito', 'Maven', 'Gradle']),
    );
    expect(frameworkNames(result)).not.toEqual(expect.arrayContaining(['Quarkus']));
    expect(frameworkNames(result)).not.toEqual(expect.arrayContaining(['Micronaut']));
    expect(framework(result, 'Spring Boot')).toMatchObject({
      version: '3.2.1',
      category: 'web-framework',
    });
  });

  it('lays out Maven modules and Gradle projects, and finds JVM tests', () => {
    expect(result.workspaces).toEqual([
      {
        tool: 'maven',
        manifest: 'pom.xml',
        patterns: ['shop-api', 'shop-core'],
        members: [
          { path: 'shop-api', name: 'shop-api' },
          { path: 'shop-core', name: 'shop-core' },
        ],
      },
      {
        tool: 'gradle',
        manifest: 'android/settings.gradle.kts',
        patterns: ['app', 'lib/ui'],
        members: [
          { path: 'android/app', name: null },
          { path: 'android/lib/ui', name: null },
        ],
      },
    ]);
    expect(result.tests.files).toBe(2);
  });
});

describe('a .NET solution', () => {
  let repo: RepoBuilder;
  let result: CompositionAnalysis;
  beforeAll(async () => {
    repo = repoWith({
      'Shop.sln': `Microsoft Visual Studio Solution File, Format Version 12.00
Project("{FAE04EC0-301F-11D3-BF4B-00C04F79EFBC}") = "Shop.Api", "src\\Shop.Api\\Shop.Api.csproj", "{A}"
EndProject
Project("{FAE04EC0-301F-11D3-BF4B-00C04F79EFBC}") = "Shop.Tests", "tests\\Shop.Tests\\Shop.Tests.csproj", "{B}"
EndProject
Project("{2150E333-8FDC-42A3-9474-1A3956D46DE8}") = "Solution Items", "Solution Items", "{C}"
EndProject
`,
      'src/Shop.Api/Shop.Api.csproj': `<Project Sdk="Microsoft.NET.Sdk.Web">
  <PropertyGroup>
    <TargetFramework>net8.0</TargetFramework>
    <PackageLicenseExpression>MIT</PackageLicenseExpression>
  </PropertyGroup>
  <ItemGroup>
    <PackageReference Include="Microsoft.EntityFrameworkCore.SqlServer" Version="8.0.1" />
    <PackageReference Include="Npgsql.EntityFrameworkCore.PostgreSQL"><Version>8.0.0</Version></PackageReference>
    <PackageReference Include="StyleCop.Analyzers" Version="1.1.118" PrivateAssets="all" />
  </ItemGroup>
</Project>
`,
      'src/Shop.Api/Program.cs': 'var app = WebApplication.Create();\n',
      'tests/Shop.Tests/Shop.Tests.csproj': `<Project Sdk="Microsoft.NET.Sdk">
  <PropertyGroup><TargetFrameworks>net6.0;net8.0</TargetFrameworks></PropertyGroup>
  <ItemGroup>
    <PackageReference Include="xunit" Version="2.6.0" />
    <PackageReference Include="NUnit" Version="4.0.0" />
    <ProjectReference Include="..\\..\\src\\Shop.Api\\Shop.Api.csproj" />
  </ItemGroup>
</Project>
`,
      'tests/Shop.Tests/OrderTests.cs': 'class OrderTests {}\n',
      'Directory.Packages.props':
        '<Project><ItemGroup><PackageVersion Include="Moq" Version="4.20.0" /></ItemGroup></Project>',
    });
    result = await analyzeRepo(repo);
  });
  afterAll(() => repo.remove());

  it('reads project SDKs, target frameworks, package references and central versions', () => {
    expect(manifestAt(result, 'src/Shop.Api/Shop.Api.csproj')).toMatchObject({
      kind: 'dotnet-project',
      ecosystem: 'dotnet',
      name: 'Shop.Api',
      license: 'MIT',
      runtimes: [{ name: '.NET', version: 'net8.0' }],
      dependencies: [
        { name: 'Microsoft.EntityFrameworkCore.SqlServer', version: '8.0.1', scope: 'runtime' },
        { name: 'Npgsql.EntityFrameworkCore.PostgreSQL', version: '8.0.0', scope: 'runtime' },
        { name: 'StyleCop.Analyzers', version: '1.1.118', scope: 'dev' },
      ],
    });
    expect(manifestAt(result, 'tests/Shop.Tests/Shop.Tests.csproj').runtimes).toEqual([
      { name: '.NET', version: 'net6.0' },
      { name: '.NET', version: 'net8.0' },
    ]);
    expect(manifestAt(result, 'Directory.Packages.props').dependencies).toEqual([
      { name: 'Moq', version: '4.20.0', scope: 'runtime' },
    ]);
    expect(frameworkNames(result)).toEqual(
      expect.arrayContaining([
        'ASP.NET Core',
        'Entity Framework Core',
        'PostgreSQL',
        'xUnit',
        'NUnit',
        'Moq',
        '.NET',
      ]),
    );
  });

  it('lays out the solution, finds Program.cs and *Tests.cs', () => {
    expect(result.workspaces).toEqual([
      {
        tool: 'dotnet',
        manifest: 'Shop.sln',
        patterns: ['src/Shop.Api', 'tests/Shop.Tests'],
        members: [
          { path: 'src/Shop.Api', name: null },
          { path: 'tests/Shop.Tests', name: null },
        ],
      },
    ]);
    expect(result.entryPoints).toEqual([
      expect.objectContaining({
        kind: 'dotnet-program',
        path: 'src/Shop.Api/Program.cs',
        inTree: true,
      }),
    ]);
    expect(result.tests).toMatchObject({ files: 1, byLanguage: [{ language: '.NET', files: 1 }] });
  });
});
