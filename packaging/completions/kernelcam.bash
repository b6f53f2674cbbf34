# bash completion for kernelcam (installed as /usr/share/bash-completion/completions/kernelcam).
# Subcommands, their options and the values of the options that take a fixed set; file names for
# the rest. The option lists follow `kernelcam help COMMAND` (tests/app/packaging_test.cpp checks).

_kernelcam_filenames() {
  compopt -o filenames 2>/dev/null
  COMPREPLY=($(compgen -f -- "$1"))
}

_kernelcam() {
  local cur=${COMP_WORDS[COMP_CWORD]} prev=""
  ((COMP_CWORD > 0)) && prev=${COMP_WORDS[COMP_CWORD - 1]}
  COMPREPLY=()
  if [[ $cur == : ]] && ((COMP_CWORD >= 2)) && [[ ${COMP_WORDS[COMP_CWORD - 2]} == -s || ${COMP_WORDS[COMP_CWORD - 2]} == --source ]]; then
    _kernelcam_filenames ""  # "--source image:" then Tab, the word split at ':'
    return
  fi

  local commands="process devices demo bench kernel exercise grade help"
  local window="--help --help-all --version --source --filters --preset --view-mode --camera-format --backend --size --pattern-format --verbose --vcam --lenient --stage-timings --measure"
  local process="--help --help-all --source --filters --preset --out --frames --loop --lenient --backend --json --quiet --size --pattern-format --view --soak --vcam --stage-timings --verbose"
  local devices="--help --help-all --verbose"
  local reduce="--help --help-all --op --n --type --backend --json --quiet --reps --verbose"
  local matmul="--help --help-all --m --n --k --type --backend --json --quiet --reps --verbose"
  local cg="--help --help-all --matrix --poisson --precision --precond --tol --max-iter --solution --backend --json --quiet --verbose"
  local bench="--help --help-all --size --reps --warmup --only --json --md --matrices --images --backend --verbose"
  local kernel_new="--help --help-all --verbose"
  local kernel_check="--help --help-all --arch --ptx --timings --compile-memory --compile-time --verbose"
  local exercise_list="--help --help-all --json --verbose"
  local exercise_one="--help --help-all --verbose"
  local exercise_check="--help --help-all --json --level --seed --no-timing --no-counters --compile-memory --compile-time --verbose"
  local grade="--help --help-all --out --json --jobs --gpus --lanes --shard --again --level --seed --no-timing --no-counters --compile-memory --compile-time --run-time --quiet --verbose"
  local grade_merge="--help --help-all --out --json --verbose"
  local kernel_profile="--help --help-all --source --size --verbose"

  # The values of options that take one of a fixed set, or a file.
  case $prev in
    --backend) COMPREPLY=($(compgen -W "auto cuda cpu" -- "$cur")); return ;;
    --view-mode) COMPREPLY=($(compgen -W "side-by-side filtered split" -- "$cur")); return ;;
    --pattern-format) COMPREPLY=($(compgen -W "rgba nv12 i420 yv12 yuyv uyvy bgra gray" -- "$cur")); return ;;
    --type) COMPREPLY=($(compgen -W "int float" -- "$cur")); return ;;
    --op) COMPREPLY=($(compgen -W "sum min max argmax mat3min" -- "$cur")); return ;;
    --precision) COMPREPLY=($(compgen -W "float double" -- "$cur")); return ;;
    --precond) COMPREPLY=($(compgen -W "none jacobi" -- "$cur")); return ;;
    -s | --source)
      case $cur in
        image:* | video:* | sequence:*) COMPREPLY=($(compgen -P "${cur%%:*}:" -f -- "${cur#*:}")) ;;
        *) COMPREPLY=($(compgen -W "camera:0 pattern image: video: sequence:" -- "$cur") $(compgen -f -- "$cur")) ;;
      esac
      compopt -o nospace 2>/dev/null
      return ;;
    :)  # bash splits words at ':' (COMP_WORDBREAKS): --source image : PATH
      ((COMP_CWORD >= 3)) && [[ ${COMP_WORDS[COMP_CWORD - 3]} == -s || ${COMP_WORDS[COMP_CWORD - 3]} == --source ]] && _kernelcam_filenames "$cur"
      return ;;
    -o | --out | --json | --md | --view | --matrix | --solution | --vcam)
      _kernelcam_filenames "$cur"; return ;;
    --matrices | --images) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -d -- "$cur")); return ;;
    -f | --filters | --preset | --camera-format | --size | --frames | --n | --m | --k | --reps | --warmup | --only | --tol | \
      --max-iter | --poisson | --arch | --compile-memory | --compile-time | --soak-period | --level | --seed | --jobs | \
      --gpus | --lanes | --shard | --run-time)
      return ;;  # free text or a number
  esac

  local first=""
  ((COMP_CWORD > 1)) && first=${COMP_WORDS[1]}
  local words
  case $first in
    process) words=$process ;;
    devices) words=$devices ;;
    bench) words=$bench ;;
    exercise)
      # The exercises' ids come from kernelcam itself (its records), not a list here.
      local action=""
      ((COMP_CWORD > 2)) && action=${COMP_WORDS[2]}
      if ((COMP_CWORD == 2)); then
        words="list show start hint check --help"
      elif [[ $action == check ]]; then
        [[ $cur != -* ]] && { _kernelcam_filenames "$cur"; return; }
        words=$exercise_check
      elif [[ $action == list ]]; then
        words=$exercise_list
      elif ((COMP_CWORD == 3)) && [[ $cur != -* ]]; then
        words=$(kernelcam exercise list 2>/dev/null | awk '/^[a-z0-9]/ {print $1}')
      elif [[ $action == start && $cur != -* ]]; then
        compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -d -- "$cur")); return
      else
        words=$exercise_one
      fi
      ;;
    grade)
      if ((COMP_CWORD == 2)) && [[ $cur != -* ]]; then
        words="merge $(kernelcam exercise list 2>/dev/null | awk '/^[a-z0-9]/ {print $1}')"
      elif [[ ${COMP_WORDS[2]} == merge ]]; then
        [[ $cur != -* ]] && { _kernelcam_filenames "$cur"; return; }
        words=$grade_merge
      else
        [[ $cur != -* ]] && { _kernelcam_filenames "$cur"; return; }  # submissions: files and folders
        words=$grade
      fi
      ;;
    demo | kernel | help)
      local second=""
      ((COMP_CWORD > 2)) && second=${COMP_WORDS[2]}
      if ((COMP_CWORD == 2)); then
        case $first in
          demo) words="reduce matmul cg --help" ;;
          kernel) words="new check profile --help" ;;
          help) words="process devices demo bench kernel exercise grade" ;;
        esac
      else
        case $first/$second in
          demo/reduce) words=$reduce ;;
          demo/matmul) words=$matmul ;;
          demo/cg) words=$cg ;;
          kernel/new) words=$kernel_new ;;
          kernel/check) words=$kernel_check ;;
          kernel/profile) words=$kernel_profile ;;
          help/demo) ((COMP_CWORD == 3)) && words="reduce matmul cg" ;;
          help/kernel) ((COMP_CWORD == 3)) && words="new check profile" ;;
        esac
        [[ $first/$second == kernel/* && $cur != -* ]] && { _kernelcam_filenames "$cur"; return; }  # PATH.cu
      fi
      ;;
    *)
      if ((COMP_CWORD == 1)) && [[ $cur != -* ]]; then
        COMPREPLY=($(compgen -W "$commands" -- "$cur"))
        [[ -n $cur ]] && COMPREPLY+=($(compgen -f -- "$cur")) && compopt -o filenames 2>/dev/null  # or a file to show
        return
      fi
      words=$window
      [[ $cur != -* ]] && { _kernelcam_filenames "$cur"; return; }
      ;;
  esac
  COMPREPLY=($(compgen -W "$words" -- "$cur"))
}
complete -F _kernelcam kernelcam
