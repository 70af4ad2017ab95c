-- gesturec's language server for `.gdl` files in Neovim 0.7 and later (docs/editors.md).
-- Put this file's lines in ~/.config/nvim/init.lua, or `dofile` it from there;
-- `gesturec` must be on the PATH (scripts/install.sh). CI runs this very file with
-- Debian's Neovim (scripts/check-lsp-client.sh).
-- The file type, in a form every version reads (0.7 detects file types in Vimscript).
vim.cmd('autocmd BufRead,BufNewFile *.gdl setfiletype gdl')
vim.api.nvim_create_autocmd('FileType', {
  pattern = 'gdl',
  callback = function(args)
    local config = { name = 'gesturec', cmd = { 'gesturec', 'lsp' },
                     root_dir = vim.fn.fnamemodify(vim.api.nvim_buf_get_name(args.buf), ':p:h') }
    if vim.lsp.start then
      -- Neovim 0.8 and later: one client per root, reused across buffers.
      vim.lsp.start(config, { bufnr = args.buf })
    else
      -- Neovim 0.7.
      local client = vim.lsp.start_client(config)
      if client then vim.lsp.buf_attach_client(args.buf, client) end
    end
  end,
})
