// Starts `gesturec lsp` for .gdl files, through VS Code's language client
// (docs/editors.md). Highlighting comes from the TextMate grammar whether or not the
// server runs; the server adds diagnostics, hover, definitions, completion, symbols,
// semantic colours, formatting, rename and quick fixes.
const vscode = require('vscode');
const { LanguageClient } = require('vscode-languageclient/node');

let client;

function activate() {
  const command = vscode.workspace.getConfiguration('gesturec').get('path') || 'gesturec';
  client = new LanguageClient(
    'gesturec',
    'gesturec',
    { command, args: ['lsp'] },
    { documentSelector: [{ scheme: 'file', language: 'gdl' }] },
  );
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
