// The JavaScript and Kotlin recipes of docs/app-api.md, taken from the doc word for word and run
// against a live server on each dialect (the Python one has its own test): each opens home, gets
// 304 for its kept ETag, seals a tracking body and opens a refusal, holding the previous key of
// a rotation, which it names with the key id it computes. Kotlin runs with Debian's
// kotlinc on the JDK (javax.crypto is the same on Android); without kotlinc that case is skipped,
// saying so. The Swift and Dart recipes have no toolchain on these machines.
import { execFile, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dialects,
  freshDatabase,
  startTestServer,
  testConfig,
  type TestDatabase,
  type TestServer,
} from '../../testing/harness.js';
import {
  addCategory,
  addProduct,
  addSubcategory,
  signedInClient,
} from '../products/catalogue-fixtures.js';
import { docRecipe } from './doc-recipes.js';

const run = promisify(execFile);

/** What a phone does with the JavaScript recipe; it prints what it saw as JSON. */
const javascriptDriver = `
import { getContent, keyIdOf, openAnswer, sealBody } from './dealdesk.js';

const [baseUrl, apiKey, secretHex, productId] = process.argv.slice(2);
const keyId = await keyIdOf(secretHex);
const home = await getContent(baseUrl, '/api/v1/app/home', { apiKey, secretHex });
const again = await getContent(baseUrl, '/api/v1/app/home', { apiKey, secretHex, kept: home });
const tracked = await fetch(baseUrl + '/api/App/track', {
  method: 'POST',
  headers: { 'x-api-key': apiKey, 'X-Dealdesk-Key': keyId, 'content-type': 'application/json' },
  body: JSON.stringify(await sealBody({ events: [{ kind: 'product', id: productId, event: 'view' }] }, secretHex)),
});
const missing = await fetch(baseUrl + '/api/v1/app/products/' + '0'.repeat(24), { headers: { 'x-api-key': apiKey, 'X-Dealdesk-Key': keyId } });
console.log(JSON.stringify({
  home: home.answer,
  keptOn304: again === home,
  tracked: await openAnswer(await tracked.json(), secretHex),
  missing: { code: missing.status, ...(await openAnswer(await missing.json(), secretHex)) },
}));
`;

/** The same with the Kotlin recipe's Envelope, over the JDK's HttpURLConnection. */
const kotlinDriver = `
import java.net.HttpURLConnection
import java.net.URL

fun call(url: String, apiKey: String, keyId: String, etag: String? = null, body: String? = null): HttpURLConnection {
    val connection = URL(url).openConnection() as HttpURLConnection
    connection.setRequestProperty("x-api-key", apiKey)
    connection.setRequestProperty("X-Dealdesk-Key", keyId)
    if (etag != null) connection.setRequestProperty("If-None-Match", etag)
    if (body != null) {
        connection.requestMethod = "POST"
        connection.doOutput = true
        connection.setRequestProperty("content-type", "application/json")
        connection.outputStream.use { it.write(body.toByteArray(Charsets.UTF_8)) }
    }
    return connection
}

fun opened(envelope: Envelope, connection: HttpURLConnection): String {
    val stream = if (connection.responseCode < 400) connection.inputStream else connection.errorStream
    val sealed = stream.bufferedReader().readText()
    val encrypted = Regex("\\"encrypted\\":\\"([^\\"]+)\\"").find(sealed)!!.groupValues[1]
    val iv = Regex("\\"iv\\":\\"([0-9a-f]+)\\"").find(sealed)!!.groupValues[1]
    return envelope.open(encrypted, iv)
}

fun main(args: Array<String>) {
    val (baseUrl, apiKey, secretHex, productId) = args
    val envelope = Envelope(secretHex)
    val home = call("$baseUrl/api/v1/app/home", apiKey, envelope.keyId)
    println("home\\t" + opened(envelope, home))
    val again = call("$baseUrl/api/v1/app/home", apiKey, envelope.keyId, etag = home.getHeaderField("ETag"))
    println("again\\t" + again.responseCode)
    val events = "{\\"events\\":[{\\"kind\\":\\"product\\",\\"id\\":\\"$productId\\",\\"event\\":\\"view\\"}]}"
    val tracked = call("$baseUrl/api/App/track", apiKey, envelope.keyId, body = "{\\"encryptedData\\":\\"" + envelope.seal(events) + "\\"}")
    println("tracked\\t" + opened(envelope, tracked))
    val missing = call("$baseUrl/api/v1/app/products/" + "0".repeat(24), apiKey, envelope.keyId)
    println("missing\\t" + missing.responseCode + "\\t" + opened(envelope, missing))
}
`;

const kotlinReady = spawnSync('kotlinc', ['-version'], { stdio: 'ignore' }).status === 0;

/** The Kotlin recipe and its driver compiled once for both dialects (kotlinc takes seconds). */
const kotlinFolder = mkdtempSync(join(tmpdir(), 'dealdesk-kotlin-'));
afterAll(() => rmSync(kotlinFolder, { recursive: true, force: true }));
let kotlinJar: Promise<string> | undefined;
const compiledKotlin = () =>
  (kotlinJar ??= (async () => {
    writeFileSync(join(kotlinFolder, 'Envelope.kt'), docRecipe('kotlin', 'Envelope.kt'));
    writeFileSync(join(kotlinFolder, 'Driver.kt'), kotlinDriver);
    const jar = join(kotlinFolder, 'driver.jar');
    await run('kotlinc', ['Envelope.kt', 'Driver.kt', '-include-runtime', '-d', jar], {
      cwd: kotlinFolder,
      timeout: 110_000,
    });
    return jar;
  })());

describe.each(dialects)('the JavaScript and Kotlin recipes of docs/app-api.md on %s', (dialect) => {
  let database: TestDatabase;
  let server: TestServer;
  let productId: string;
  const folder = mkdtempSync(join(tmpdir(), 'dealdesk-recipes-'));
  beforeAll(async () => {
    database = await freshDatabase(dialect);
    // The phone holds the key before the current one, as an install of the last release does
    // during a rotation: only the key id its recipe sends gets it answers it can open.
    server = await startTestServer(
      testConfig(database, { previousSecret: randomBytes(32).toString('hex') }),
    );
    const admin = await signedInClient(server);
    const shelf = await addSubcategory(admin, await addCategory(admin, 'Kitchen'), 'Kettles');
    productId = await addProduct(admin, shelf, { title: 'Steel kettle' });
  });
  afterAll(async () => {
    await server.close();
    await database.drop();
    rmSync(folder, { recursive: true, force: true });
  });
  const phone = () => [
    server.baseUrl,
    server.config.apiKey,
    server.config.previousSecret ?? '',
    productId,
  ];

  it('runs the JavaScript recipe on Node', async () => {
    writeFileSync(join(folder, 'package.json'), '{"type":"module"}');
    writeFileSync(join(folder, 'dealdesk.js'), docRecipe('js', 'dealdesk.js'));
    writeFileSync(join(folder, 'driver.js'), javascriptDriver);
    const { stdout } = await run(process.execPath, ['driver.js', ...phone()], {
      cwd: folder,
      timeout: 10_000,
    });
    expect(JSON.parse(stdout)).toMatchObject({
      home: { status: true, message: 'Home' },
      keptOn304: true,
      tracked: { status: true },
      missing: { code: 404, status: false, message: expect.any(String) },
    });
  });

  it.skipIf(!kotlinReady)(
    `runs the Kotlin recipe on the JDK${kotlinReady ? '' : ' (skipped: no kotlinc; run node scripts/ensure-recipe-tools.mjs as root)'}`,
    async () => {
      const { stdout } = await run('java', ['-jar', await compiledKotlin(), ...phone()], {
        cwd: folder,
        timeout: 10_000,
      });
      const seen = new Map(
        stdout
          .trim()
          .split('\n')
          .map((line) => line.split(/\t(.*)/s) as [string, string]),
      );
      expect(JSON.parse(seen.get('home') ?? '')).toMatchObject({ status: true, message: 'Home' });
      expect(seen.get('again')).toBe('304');
      expect(JSON.parse(seen.get('tracked') ?? '')).toMatchObject({ status: true });
      const [status, refusal] = (seen.get('missing') ?? '').split('\t');
      expect(status).toBe('404');
      expect(JSON.parse(refusal ?? '')).toMatchObject({
        status: false,
        message: expect.any(String),
      });
    },
    120_000,
  );
});
