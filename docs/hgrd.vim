" Vim compiler file for hgrd, the static data-race analyzer for CUDA.
" Install as ~/.vim/compiler/hgrd.vim (Neovim: ~/.config/nvim/compiler/),
" then ":compiler hgrd" and ":make" check the current file; ":copen" lists
" each race (a warning at the first access), its notes (the conflicting access
" and the witness launch) and the errors of files that could not be analysed.

if exists('current_compiler')
  finish
endif
let current_compiler = 'hgrd'

" Older Vims define no :CompilerSet.
if exists(':CompilerSet') != 2
  command -nargs=* CompilerSet setlocal <args>
endif

let s:cpo_save = &cpo
set cpo&vim

CompilerSet makeprg=hgrd\ check\ %:S

" One entry per line, in this order of patterns:
"   file: error: message           a file that could not be analysed (its
"                                  name has no ':' or blank, so that lines
"                                  with a position never match here)
"   file:line:col: error: message  an undecided pair, or a compiler error
"                                  repeated indented under the file's error
"   file:line:col: warning: ...    a race, at its first access
"   <tab>file:line:col: note: ...  the race's conflicting access and witness
" Every other line (compiler source excerpts, the summary) is dropped. %E, %W
" and %N give the types 'E', 'W' and 'N' (nvim-lint maps them to severities).
CompilerSet errorformat=%E%f%*[:]\ error:\ %m,
      \%E%\\s%#%f:%l:%c:\ error:\ %m,
      \%W%\\s%#%f:%l:%c:\ warning:\ %m,
      \%N%\\s%#%f:%l:%c:\ note:\ %m,
      \%-G%.%#

let &cpo = s:cpo_save
unlet s:cpo_save
