-- Neovim's LSP client against `gesturec lsp`, headless (scripts/check-lsp-client.sh).
-- Each step prints what it checked; the first failure ends Neovim with status 1.
-- Written for the client of Neovim 0.7 (Debian 12's) and later, through the recipe
-- editors/nvim/gesturec.lua.

local function fail(message)
  io.stderr:write('FAILED: ' .. message .. '\n')
  vim.cmd('cquit 1')
end

local function ok(message)
  io.stdout:write('ok: ' .. message .. '\n')
end

local function expect(condition, message)
  if not condition then fail(message) end
  ok(message)
end

-- The set-up users copy (README, docs/editors.md), as it is: it starts `gesturec lsp`
-- from the PATH for every .gdl buffer.
dofile('editors/nvim/gesturec.lua')
vim.cmd('edit ' .. vim.fn.fnameescape(os.getenv('SPEC')))
local buffer = vim.api.nvim_get_current_buf()
expect(vim.bo[buffer].filetype == 'gdl', 'the recipe gives .gdl files their file type')

local function attached()
  if vim.lsp.get_clients then return vim.lsp.get_clients({ bufnr = buffer })[1] end
  for _, found in pairs(vim.lsp.buf_get_clients(buffer)) do return found end
end
vim.wait(10000, function() return attached() ~= nil end, 50)
local client = attached()
expect(client ~= nil and client.name == 'gesturec', 'the recipe started the server and attached it')
local client_id = client.id

local function request(method, params)
  local answers = vim.lsp.buf_request_sync(buffer, method, params, 10000)
  local answer = answers and answers[client_id]
  if not answer then fail(method .. ': no answer') end
  if answer.err then fail(method .. ': ' .. vim.inspect(answer.err)) end
  return answer.result
end

local function at(line, character)
  return { textDocument = vim.lsp.util.make_text_document_params(buffer), position = { line = line, character = character } }
end

-- Diagnostics: the misspelled kind, at its place.
vim.wait(10000, function() return #vim.diagnostic.get(buffer) > 0 end, 50)
local diagnostics = vim.diagnostic.get(buffer)
expect(#diagnostics == 1 and diagnostics[1].lnum == 4 and diagnostics[1].col == 20
  and diagnostics[1].message == "unknown kind 'tapp'", 'the diagnostic for tapp at 5:21')

-- The quick fix, applied as the client applies a workspace edit.
local actions = request('textDocument/codeAction', {
  textDocument = vim.lsp.util.make_text_document_params(buffer),
  range = { start = { line = 4, character = 21 }, ['end'] = { line = 4, character = 21 } },
  context = { diagnostics = vim.lsp.diagnostic.get_line_diagnostics(buffer, 4) },
})
expect(actions and #actions >= 1 and actions[1].kind == 'quickfix', 'a quick fix is offered')
vim.lsp.util.apply_workspace_edit(actions[1].edit, client.offset_encoding)
expect(vim.api.nvim_buf_get_lines(buffer, 4, 5, false)[1]:find('= tap%(taps: 2%)') ~= nil, 'the fix wrote tap')
vim.wait(10000, function() return #vim.diagnostic.get(buffer) == 0 end, 50)
expect(#vim.diagnostic.get(buffer) == 0, 'the diagnostic is gone after the change')

local hover = request('textDocument/hover', at(6, 19))
expect(hover and hover.contents.value:find('recognizer zoom = tap%(taps: 2%) on photo') ~= nil
  and hover.contents.value:find('Zooms in.', 1, true) ~= nil, 'hover shows the recognizer and its doc comment')

local definition = request('textDocument/definition', at(4, 37))
local location = definition[1] or definition
expect(location.range.start.line == 1 and location.range.start.character == 21, 'definition of photo is the view role')

local completion = request('textDocument/completion', at(4, 24))
local items = completion.items or completion
local labels = {}
for _, item in ipairs(items) do labels[item.label] = true end
expect(labels.taps and labels.interval and labels.allowableMovement, 'completion in tap( offers its parameters')

local symbols = request('textDocument/documentSymbol', { textDocument = vim.lsp.util.make_text_document_params(buffer) })
expect(#symbols == 1 and symbols[1].name == 'Photos' and #symbols[1].children == 5, 'document symbols: the set and its five names')

local tokens = request('textDocument/semanticTokens/full', { textDocument = vim.lsp.util.make_text_document_params(buffer) })
expect(tokens.data and #tokens.data > 0 and #tokens.data % 5 == 0, 'semantic tokens, five numbers each')

local rename = request('textDocument/rename', { textDocument = vim.lsp.util.make_text_document_params(buffer),
  position = { line = 4, character = 14 }, newName = 'doubleTap' })
vim.lsp.util.apply_workspace_edit(rename, client.offset_encoding)
local text = table.concat(vim.api.nvim_buf_get_lines(buffer, 0, -1, false), '\n')
expect(text:find('recognizer doubleTap = tap') ~= nil and text:find('single requires doubleTap to fail') ~= nil,
  'rename changed the declaration and its use')

vim.api.nvim_buf_set_lines(buffer, 2, 3, false, { 'hook    zoomAllowed=true' })
local edits = request('textDocument/formatting', { textDocument = vim.lsp.util.make_text_document_params(buffer),
  options = { tabSize = 2, insertSpaces = true } })
vim.lsp.util.apply_text_edits(edits, buffer, client.offset_encoding)
expect(vim.api.nvim_buf_get_lines(buffer, 2, 3, false)[1] == '  hook zoomAllowed = true', 'formatting fixed the line')

client.stop()
vim.wait(5000, function() return client.is_stopped() end, 50)
expect(client.is_stopped(), 'the server stopped on shutdown and exit')
vim.cmd('qa!')
