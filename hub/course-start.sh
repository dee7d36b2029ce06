# Sourced by Jupyter Docker Stacks' start.sh (before-notebook.d) as the student, at every
# start of their server (see hub/Dockerfile and docs/jupyterhub.md).  Sourced, so: no
# `exit`, no `set -e`, and nothing that fails the start; each step says what it did.
#
# COURSE_FOLDER   where the course lives in the home folder (default: course)
# COURSE_COPY     1 (default): copy the image's course there when it is missing; 0: do
#                 not (the course arrives by an nbgitpuller link instead)
# COURSE_SOURCE   the image's copy of the course (default: /opt/course)
_course_dir="${HOME}/${COURSE_FOLDER:-course}"
_course_source="${COURSE_SOURCE:-/opt/course}"
if [ "${COURSE_COPY:-1}" = "1" ] && [ -d "${_course_source}" ] && [ ! -e "${_course_dir}" ]; then
    if cp -R "${_course_source}" "${_course_dir}" && chmod -R u+w "${_course_dir}"; then
        echo "course: copied the course into ${_course_dir}"
    else
        echo "course: WARNING: could not copy the course into ${_course_dir}"
    fi
fi
# Trust the course's own notebooks (not the students' copies in mywork/: a notebook the
# student ran and saved is trusted by their server already).
_course_notebooks=()
for _nb in "${_course_dir}"/chapters/[0-9][0-9]_*.ipynb "${_course_dir}"/exercises/[0-9][0-9]_*.ipynb; do
    [ -f "${_nb}" ] && _course_notebooks+=("${_nb}")
done
if [ "${#_course_notebooks[@]}" -gt 0 ]; then
    if jupyter trust "${_course_notebooks[@]}" > /dev/null 2>&1; then
        echo "course: ${#_course_notebooks[@]} notebooks in ${_course_dir} marked trusted"
    else
        echo "course: WARNING: jupyter trust failed; saved widgets show as text until run"
    fi
fi
unset _course_dir _course_source _course_notebooks _nb
