# The slowest tests, with about how many seconds each takes under ASan+UBSan
# on two cores (Release: about a third). `ctest -j` starts tests in
# decreasing COST, so these start first and the many short tests fill the
# other core beside them, instead of one long test running alone at the end.
# Included by CTestTestfile after the discovered tests; a name that is no
# longer a test is caught by the test slow_tests_are_tests.
set_tests_properties([==[Python bots play the same tournaments at 1 and 2 threads, across a resume and in shards]==] PROPERTIES COST 230)
set_tests_properties([==[arena tune killed with -9 resumes to the same trajectory, byte for byte]==] PROPERTIES COST 226)
set_tests_properties([==[games.csv.gz and moves.jsonl.gz resume byte for byte after kill -9 and after SIGINT]==] PROPERTIES COST 162)
set_tests_properties([==[the bench signature does not depend on the thread count]==] PROPERTIES COST 131)
set_tests_properties([==[A run killed with -9 resumes to the results of an uninterrupted run]==] PROPERTIES COST 101)
set_tests_properties([==[replayed games of every shipped config give their rows in games.csv]==] PROPERTIES COST 96)
set_tests_properties([==[SIGINT writes partial results and a checkpoint and resume completes the run]==] PROPERTIES COST 87)
set_tests_properties([==[each kind of faulty program forfeits with its reason and the run completes]==] PROPERTIES COST 80)
set_tests_properties([==[The command printed on Ctrl-C, pasted as it is, completes the run byte for byte]==] PROPERTIES COST 75)
set_tests_properties([==[no program outlives arena, after Ctrl-C or kill -9]==] PROPERTIES COST 60)
set_tests_properties([==[Python bots under mpirun give the results of one process]==] PROPERTIES COST 50)
set_tests_properties([==[An external program's own numeric parameter is tuned through Arena]==] PROPERTIES COST 45)
set_tests_properties([==[a program's illegal moves forfeit its games in every engine]==] PROPERTIES COST 40)
set_tests_properties([==[a program's own children end with it]==] PROPERTIES COST 30)
set_tests_properties([==[arena check-bot passes a compliant bot and reports what a faulty one got wrong]==] PROPERTIES COST 25)
set_tests_properties([==[a forfeited game replays to its forfeit from the record]==] PROPERTIES COST 20)
set_tests_properties([==[Ctrl-C while the probe series play starts no other, and the run resumes byte for byte]==] PROPERTIES COST 20)
set_tests_properties([==[A decision over limits.decision_ms forfeits its game and marks the run]==] PROPERTIES COST 15)
set_tests_properties([==[conformance: every game is shown move by move and its record plays it again]==] PROPERTIES COST 15)
set_tests_properties([==[conformance: the same seed gives the same games on 1, 2 and 8 threads]==] PROPERTIES COST 15)
set_tests_properties([==[no process a bot starts outlives it, whatever session it moves to]==] PROPERTIES COST 15)
set_tests_properties([==[a program that never says hello stops the run, and earlier results stay]==] PROPERTIES COST 12)
set_tests_properties([==[mpirun writes games.csv.gz and moves.jsonl.gz byte for byte as one process]==] PROPERTIES COST 12)
