"""Code shared by the climbing games (打墩 Dadun now; 憋蛋 Biedan later): rounds of plays and passes, multiset card helpers."""
