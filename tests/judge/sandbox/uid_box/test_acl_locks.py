"""Two judges changing the ACL of one file at once lose neither's entry: each change is a
read-modify-write under the host-wide lock of that file (acl.py's striped locks), chosen by
the file itself, so that two spellings of its path take the same lock."""

import multiprocessing
import os

import pytest

from arena.judge.sandbox.uid_box.acl import READ_RUN, Grants, user_entry

pytestmark = [pytest.mark.root,
              pytest.mark.skipif(os.geteuid() != 0, reason="the uids' lock folder is root's")]


def _churn(path: str, uid: int, ledger: str, rounds: int) -> int:
    """Give and take back ``uid``'s entry ``rounds`` times; how often it was missing right after the giving."""
    missing = 0
    for _ in range(rounds):
        grants = Grants(uid, ledger)
        grants.give({path: READ_RUN})
        if user_entry(path, uid) != READ_RUN:
            missing += 1
        grants.revoke_all()
    return missing


def test_two_judges_changing_one_file_at_once_lose_no_entry(tmp_path):
    shared = tmp_path / "shared"
    shared.mkdir(mode=0o700)
    target = shared / "bot"
    target.write_text("x")
    os.chmod(target, 0o600)
    probe = Grants(62989, str(tmp_path / "62989.grants"))
    if probe.give({str(target): READ_RUN}):
        pytest.skip("this file system keeps no POSIX ACLs")
    probe.revoke_all()
    os.symlink(shared, tmp_path / "other-spelling")  # one judge names it through a link to its folder
    spellings = [str(target), str(tmp_path / "other-spelling" / "bot")]
    context = multiprocessing.get_context("fork")
    with context.Pool(2) as pool:
        missing = pool.starmap(_churn, [(spellings[n], 62990 + n, str(tmp_path / f"{62990 + n}.grants"), 300)
                                        for n in range(2)])
    assert missing == [0, 0]
    assert os.listxattr(target) == [] and os.stat(target).st_mode & 0o777 == 0o600  # nothing left of either
